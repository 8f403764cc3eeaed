"""Re-running a baseline's failing test whose id changes at every collection (redteam6 H1).

A failing test parametrized with the clock (``test_stamp[16:28:07.692034]``) has another id in
every pytest process: the gate's full run excuses its missing id by the base's second collection
(:mod:`fixloop.gate.unstable`), but the repeats, the perturbed run and the second opinion named
it by the baseline's id, which no process collects again; pytest exits 4 ("not found") and the
honest fix was refused as flaky. Its paired id of the full run does not help: the re-run is one
more collection with one more clock value.

So such a test is re-run by its **function's** id (``tests/t.py::test_stamp``: every case of the
function runs) and judged by the cases that stand for it: those of that function whose id fits
the parts the base's two collections keep (:func:`fixloop.gate.unstable.case_filter`; the same
rule that paired it in the full run). Its re-run counts as passed only when

- every standing case ran and passed (none failed, none was skipped), and
- at least as many standing cases ran as in the candidate's full run (at least one).

A change that lets the full run pass and then, in a re-run, skips the case, drops it, or
collects another case of the function in its place (a clock of another shape, another value of
the code under test in a kept part) is refused: the function's other cases do not stand for it.
What stays open: the function's other cases are not judged here (the full run judged them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from fixloop import render
from fixloop.gate.unstable import case_filter, split_id
from fixloop.types import Outcome, TestReport


def outcomes(report: TestReport) -> dict[str, str]:
    """``{node id: "passed" | "failed" | "skipped"}`` of a pytest run's report."""
    failing = set(report.failing_ids)
    out = {i: "skipped" for i in report.skipped_ids}
    out.update({i: "failed" if i in failing else "passed" for i in report.ran_ids})
    out.update({i: "failed" for i in failing})
    return out


@dataclass
class RerunIds:
    """What the gate's re-runs ask for and how their results stand for the baseline's ids.

    Attributes:
        asked: the ids to run, in order: each id as the baseline named it, but an unstable one
            by its function's id (once per function).
        plain: the ids judged by their own name (not unstable).
        standing: ``{baseline id: (function id, fits(node id) -> bool, cases needed)}`` of the
            unstable ones.
    """

    asked: list[str] = field(default_factory=list)
    plain: list[str] = field(default_factory=list)
    standing: dict[str, tuple[str, Callable[[str], bool], int]] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        ids: Sequence[str],
        pairs: Sequence[tuple[str, str]],
        baseline_ids: Sequence[str],
        again: Sequence[str] | None,
        full_run: TestReport | None,
    ) -> RerunIds:
        """The re-run plan of ``ids`` (the baseline's failing tests the re-runs need).

        Args:
            ids: the baseline's ids to re-run.
            pairs: the full run's ``(baseline id, candidate id)`` of unstable ids
                (:func:`fixloop.gate.unstable.unstable_pairs`).
            baseline_ids: every id of the baseline (ran and skipped).
            again: the base commit's second collection (None: nothing is unstable).
            full_run: the candidate's full run (how many cases stood for each id there).
        """
        paired = dict(pairs)
        plan = cls()
        seen = full_run and outcomes(full_run) or {}
        for tid in ids:
            fits = case_filter(tid, baseline_ids, again) if tid in paired else None
            if fits is None:
                plan.plain.append(tid)
                if tid not in plan.asked:
                    plan.asked.append(tid)
                continue
            fn = split_id(tid)[0]
            need = max(1, sum(1 for i in seen if fits(i)))
            plan.standing[tid] = (fn, fits, need)
            if fn not in plan.asked:
                plan.asked.append(fn)
        return plan

    def problems(self, got: Mapping[str, str]) -> list[str]:
        """Why the re-run's ``got`` (``{node id: outcome}``) does not pass the unstable ids.

        ``unknown`` (a test fixloop's own runner cannot judge by itself) counts as passed, as
        in :meth:`fixloop.testrun.secondopinion.SecondOpinion.disagreement`.
        """
        out: list[str] = []
        for tid, (fn, fits, need) in self.standing.items():
            cases = {i: v for i, v in got.items() if fits(i)}
            bad = [f"{i}: {v}" for i, v in sorted(cases.items()) if v not in ("passed", "unknown")]
            if bad:
                out.append(f"{tid}, re-run as {fn}: {'; '.join(bad[:3])}")
            elif len(cases) < need:
                out.append(
                    f"{tid}, re-run as {fn}: {len(cases)} case(s) of its shape ran, "
                    f"{need} in the full run (not collected)"
                )
        return out

    def note(self) -> str:
        """``"; ..."`` saying which ids were re-run by their function ("" when none)."""
        if not self.standing:
            return ""
        tid, (fn, _, _) = next(iter(self.standing.items()))
        more = f" (+{len(self.standing) - 1} more)" if len(self.standing) > 1 else ""
        return (
            f"; the repeats re-ran {tid} by its function {fn}{more}: its id changes at every "
            "collection, and its cases of the same shape passed every time"
        )


def not_collected(ids: list[str], report: TestReport) -> list[str]:
    """The ids pytest said it could not find when asked to run them (``ERROR: not found: ...``).

    A doctest hidden at run time (``add.__doc__ = ...``) or a renamed test is gone, not flaky.
    """
    if report.outcome != Outcome.USAGE_ERROR:
        return []
    lines = [ln for ln in report.output.splitlines() if "not found:" in ln]
    return [i for i in ids if any(ln.rstrip().endswith(i) or f"/{i}" in ln for ln in lines)]


def missed(ids: list[str], report: TestReport) -> list[str]:
    """The ``ids`` that did not pass in ``report`` (a run of more tests than them).

    A parametrized id stands for its cases (``test_a`` for ``test_a[1]``). Every id is missed
    when the run did not end as passed or failed (collection or internal error, timeout...);
    otherwise an id is missed when one of its cases failed or none of them ran. Other tests of
    the run do not count (the full run judged them).
    """
    if report.outcome not in (Outcome.PASSED, Outcome.FAILED):
        return list(ids)

    def mine(i: str, names: list[str]) -> bool:
        return any(n == i or n.startswith(i + "[") for n in names)

    return [
        i
        for i in ids
        if mine(i, report.failing_ids) or not mine(i, [*report.ran_ids, *report.failing_ids])
    ]


def rerun_passed(plan: RerunIds, run: TestReport, *, judged_alone: bool = True) -> bool:
    """Whether a re-run of ``plan.asked`` (alone, or with the rest of their files) passed them.

    Alone: the run passed with no failing test. With their files: none of ``plan.plain`` is
    :func:`missed`. Either way each unstable id's standing cases passed
    (:meth:`~fixloop.gate.rerunids.RerunIds.problems`).
    """
    if judged_alone:
        ok = run.ok and not run.failing_ids
    else:
        ok = run.outcome in (Outcome.PASSED, Outcome.FAILED) and not missed(plan.plain, run)
    return ok and not plan.problems(outcomes(run))


def usage_error(run: TestReport, n: int, last: int) -> str:
    """The refusal for a re-run pytest rejected as a usage error (exit 4), or "".

    Not "flaky": the gate could not run the tests at all, which says nothing of the fix.
    """
    if run.outcome != Outcome.USAGE_ERROR:
        return ""
    lines = [ln.strip() for ln in run.output.splitlines() if ln.strip().startswith("ERROR")]
    said = lines[0][:200] if lines else f"exit {run.returncode}"
    return (
        f"the gate could not re-run the baseline's failing tests on run {n} of {last}: pytest "
        f"rejected the command (usage error: {said}); a fix the gate cannot re-run is not "
        "verified (this is not a flaky pass)"
    )


def not_passed(plan: RerunIds, again: TestReport, n: int, last: int) -> str:
    """Why the re-run ``again`` (run ``n`` of ``last``) did not pass ``plan``'s ids, or ""."""
    ids = plan.asked
    gone = not_collected(ids, again) if not again.ok else []
    if gone:
        return (
            f"the baseline's failing test{'s' if len(gone) > 1 else ''} "
            f"{', '.join(gone[:5])} {'are' if len(gone) > 1 else 'is'} not collected any "
            "more (pytest: not found): a test that no longer runs is not a fixed test"
        )
    if usage := usage_error(again, n, last):
        return usage
    if not again.ok or again.failing_ids:
        bad = ", ".join(again.failing_ids[:5]) or render.tally(again)
        return (
            f"the baseline's failing tests passed in the full run but not on run {n} "
            f"of {last} ({again.outcome.value}: {bad}): a flaky pass is not a fix"
        )
    if stand := plan.problems(outcomes(again)):
        return (
            f"the baseline's failing tests passed in the full run but not on run {n} of {last} "
            f"({'; '.join(stand[:3])}): a case skipped, missing or failing in a re-run is not "
            "a fixed test"
        )
    return ""


def disagreement_of(plan: RerunIds, op: Any) -> str | None:
    """Why the second opinion ``op`` does not pass ``plan``'s ids, or None.

    The plain ids by ``op.disagreement``; the unstable ones by their standing cases.
    """
    why = op.disagreement(plan.plain) if plan.plain or op.problems else None
    stand = plan.problems(op.outcomes)
    if not stand:
        return why
    return "; ".join([*([why] if why else []), *stand[:5]])
