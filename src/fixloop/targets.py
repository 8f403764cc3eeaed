"""The failing tests a run is about (``--target NODEID``, ``target = [...]``).

A real suite often holds a test that already fails for a reason unrelated to the task. Without
targets the gate requires every test to pass, so such a suite can never be verified. With
targets the user names the failing tests the run is about, and the gate requires:

- every target passes (and passes every repeat, and in the second opinion: they take the place
  of "the baseline's failing tests" in those checks);
- no test that passed at the baseline fails;
- tests that failed at the baseline and are not targets may stay failing: the verdict and the
  run's result name them as "still failing, not a target".

A target is a pytest node id as the baseline reports it (``tests/test_x.py::test_a``); it also
covers the node ids under it (``tests/test_x.py::test_a[1]``, ``tests/test_x.py::TestK``'s
methods, a whole file). Each target must fail at the baseline: a target that passes there or
that names no test is a user error (:meth:`Targets.problem`; the run stops with exit code 2
before any model call, changing nothing). Without targets nothing here runs and the gate is
unchanged.

The session (:mod:`fixloop.session`) checks the targets after the baseline, tells the model
(:meth:`Targets.task_text`) and hands them to :class:`fixloop.gate.Gate`, whose hooks call
:meth:`Targets.must_pass` and :meth:`Targets.still_failing`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fixloop.errors import UsageError
from fixloop.types import Outcome, RunResult, TestReport

__all__ = ["STILL_FAILING", "Targets", "covers", "focus", "record_targets", "task_for"]

#: how the verdict, the report and the transcript call a baseline failure that is not a target
STILL_FAILING = "still failing, not a target"


def _norm(node_id: str) -> str:
    """A node id as the reports spell it: forward slashes, no leading ``./``, no blanks."""
    out = node_id.strip().replace("\\", "/")
    while out.startswith("./"):
        out = out[2:]
    return out


def covers(target: str, test_id: str) -> bool:
    """True when the node id ``test_id`` is ``target`` or lies under it.

    Args:
        target: a normalized node id (a file, a class, a function, a parametrized case).
        test_id: a node id of a report.

    Returns:
        equality, or ``test_id`` continuing ``target`` with ``::`` (a class's or file's
        tests) or ``[`` (the parametrized cases of a function).
    """
    tid = _norm(test_id)
    return tid == target or tid.startswith((target + "::", target + "["))


def focus(targets: Targets | None, baseline: TestReport) -> TestReport:
    """``baseline`` with only the targets' failing tests (:meth:`Targets.focus`); as is for None."""
    return targets.focus(baseline) if targets is not None else baseline


def task_for(targets: Targets | None, task: str, baseline: TestReport) -> str:
    """The task the model reads: :meth:`Targets.task_text`, or ``task`` as is for None."""
    return targets.task_text(task, baseline) if targets is not None else task


def record_targets(
    targets: Targets | None, result: RunResult, last: TestReport | None, baseline: TestReport
) -> None:
    """:meth:`Targets.record` into ``result``; nothing for None."""
    if targets is not None:
        targets.record(result, last, baseline)


@dataclass(frozen=True)
class Targets:
    """The node ids a run is about.

    Attributes:
        ids: the targets as given (normalized: forward slashes, no leading ``./``), in order,
            without duplicates; never empty (:meth:`parse` returns None for no target).
    """

    ids: tuple[str, ...]

    @classmethod
    def parse(cls, given: Sequence[str] | None) -> Targets | None:
        """The targets of ``given`` (``--target`` values, the ``target`` setting), or None.

        Raises:
            UsageError: an empty target or one that starts with ``-`` (an option, not a test).
        """
        ids: list[str] = []
        for raw in given or ():
            nid = _norm(str(raw))
            if not nid or nid.startswith("-"):
                raise UsageError(
                    f"--target {raw!r}: a target is a test's node id, such as "
                    "tests/test_app.py::test_total"
                )
            if nid not in ids:
                ids.append(nid)
        return cls(tuple(ids)) if ids else None

    @classmethod
    def for_run(
        cls,
        given: Sequence[str] | None,
        baseline: TestReport,
        collect: Callable[[str], list[str]],
    ) -> Targets | None:
        """The run's targets, checked against its baseline (the session's one call).

        Args:
            given: the ``target`` setting (``--target`` values).
            baseline: the baseline report.
            collect: see :meth:`problem`.

        Returns:
            the targets, or None when none were given (the gate is then unchanged).

        Raises:
            UsageError: a malformed target, or :meth:`problem`'s sentence (exit code 2; the
                run stops before any model call and leaves no branch).
        """
        targets = cls.parse(given)
        if targets is not None and (why := targets.problem(baseline, collect)):
            raise UsageError(why)
        return targets

    def matches(self, test_id: str) -> bool:
        """True when ``test_id`` is one of the targets or lies under one (:func:`covers`)."""
        return any(covers(t, test_id) for t in self.ids)

    def must_pass(self, baseline: TestReport) -> list[str]:
        """The baseline's failing tests that are targets, in the baseline's order.

        These replace "the baseline's failing tests" in the gate's repeats and second opinion
        and in the flaky check before the model.
        """
        return [i for i in baseline.failing_ids if self.matches(i)]

    def unrelated(self, baseline: TestReport) -> list[str]:
        """The baseline's failing tests that are not targets (they may stay failing)."""
        return [i for i in baseline.failing_ids if not self.matches(i)]

    def focus(self, baseline: TestReport) -> TestReport:
        """A copy of ``baseline`` whose failing tests are the targets' only.

        For the checks that run "the baseline's failing tests" again (the flaky check).
        """
        failing = [f for f in baseline.failing if self.matches(f.id)]
        return dataclasses.replace(baseline, failing=failing)

    def problem(self, baseline: TestReport, collect: Callable[[str], list[str]]) -> str | None:
        """Why these targets cannot be what the run is about, or None when they can.

        Args:
            baseline: the baseline report (the whole suite, pristine).
            collect: ``collect(node_id) -> node ids`` pytest collects for it
                (:meth:`fixloop.testrun.TestRunner.collect`); asked only for a target that
                matches no failing test, to tell "does not exist" from "passes".

        Returns:
            one sentence naming every bad target and what to do, or None.
        """
        if baseline.outcome not in (Outcome.FAILED, Outcome.PASSED):
            return None  # a suite that did not run (collection error...) says so itself
        missing: list[str] = []
        passing: list[str] = []
        for t in self.ids:
            if any(covers(t, i) for i in baseline.failing_ids):
                continue
            (passing if collect(t) else missing).append(t)
        parts = []
        if missing:
            parts.append(f"no test has the node id {', '.join(missing)}")
        if passing:
            parts.append(f"{', '.join(passing)} does not fail before any change")
        if not parts:
            return None
        failing = baseline.failing_ids
        shown = ", ".join(failing[:5]) + (
            f" (+{len(failing) - 5} more)" if len(failing) > 5 else ""
        )
        return (
            "--target names the failing tests the run is about, and "
            + "; ".join(parts)
            + (f" (failing at the baseline: {shown})" if failing else " (no test fails)")
        )

    def still_failing(self, report: TestReport, baseline: TestReport) -> list[str] | None:
        """The gate's full-suite check with targets.

        Args:
            report: the gate's full-suite run of the candidate.
            baseline: the baseline report.

        Returns:
            None when ``report`` is not acceptable: it did not run to the end (a collection
            error, a timeout...), a target still fails, or a test that did not fail at the
            baseline fails now. Otherwise the baseline's non-target failures that still fail
            (``[]`` when the whole suite passed).
        """
        if report.ok:
            return []
        if report.outcome != Outcome.FAILED or not report.failing_ids:
            return None
        allowed = set(self.unrelated(baseline))
        if any(i not in allowed for i in report.failing_ids):
            return None
        return list(report.failing_ids)

    def task_text(self, task: str, baseline: TestReport) -> str:
        """The task as the model reads it: ``task`` plus the targets and the rule.

        Returns:
            ``task`` followed by one paragraph naming the targets and the baseline's other
            failing tests (which may stay failing).
        """
        others = self.unrelated(baseline)
        text = (
            f"{task.rstrip()}\n\nThe tests this run is about (the targets): "
            f"{', '.join(self.must_pass(baseline))}. Make them pass; every test that passes "
            "now must still pass."
        )
        if others:
            shown = ", ".join(others[:10]) + (
                f" (+{len(others) - 10} more)" if len(others) > 10 else ""
            )
            text += (
                f" These also fail before any change and are not targets: {shown}; they may "
                "stay failing, leave them alone."
            )
        return text

    def record(self, result: RunResult, last: TestReport | None, baseline: TestReport) -> None:
        """Put the targets and the non-target failures still failing into ``result``.

        Args:
            result: the run's result (its ``targets`` and ``still_failing_not_target``).
            last: the run's last test report (the gate's when it verified), or None.
            baseline: the baseline report.
        """
        result.targets = list(self.ids)
        unrelated = set(self.unrelated(baseline))
        seen = last.failing_ids if last is not None else sorted(unrelated)
        result.still_failing_not_target = [i for i in seen if i in unrelated]
