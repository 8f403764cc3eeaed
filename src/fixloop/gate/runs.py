"""The gate's test runs in a fresh checkout of the candidate (layers 3, 4, 6 and 7).

:class:`FreshCheckoutRuns` is a part of :class:`fixloop.gate.Gate` (its base class): a new
disposable folder for each verification (:meth:`~FreshCheckoutRuns._new_scratch`), each run's
wall clock capped by what is left of the run's budget, the recording runner's pinned plugins,
the repeats of the baseline's failing tests (a flaky pass is not a fix) and the second opinion
of fixloop's own runner. Only :class:`fixloop.gate.Gate` uses it; its attributes are set by
``Gate.__init__``.
"""

from __future__ import annotations

import itertools
import tempfile
from collections.abc import Callable
from pathlib import Path

from fixloop import render
from fixloop.protocols import Runner
from fixloop.targets import Targets
from fixloop.types import Outcome, TestReport


def _not_collected(ids: list[str], report: TestReport) -> list[str]:
    """The ids pytest said it could not find when asked to run them (``ERROR: not found: ...``).

    A doctest hidden at run time (``add.__doc__ = ...``) or a renamed test is gone, not flaky.
    """
    if report.outcome != Outcome.USAGE_ERROR:
        return []
    lines = [ln for ln in report.output.splitlines() if "not found:" in ln]
    return [i for i in ids if any(ln.rstrip().endswith(i) or f"/{i}" in ln for ln in lines)]


class FreshCheckoutRuns:
    """How the gate runs tests in a checkout of the candidate (a base of the Gate).

    Attributes (set by :class:`fixloop.gate.Gate`):
        runner: the :class:`~fixloop.protocols.Runner`; baseline: the baseline report;
        scratch_dir: where the checkouts go (None: the system's temporary folder);
        repeats: how many passes in all the baseline's failing tests need; deadline, clock:
        the end of the run's wall-clock budget on ``clock()`` (seconds), or None; targets:
        the run's :class:`~fixloop.targets.Targets` or None.
    """

    runner: Runner
    baseline: TestReport
    scratch_dir: Path | None
    repeats: int
    deadline: float | None
    clock: Callable[[], float]
    _serial: itertools.count[int]
    targets: Targets | None

    def _must_pass(self) -> list[str]:
        """The baseline's failing tests the repeats and the second opinion run: the targets'."""
        if self.targets is not None:
            return self.targets.must_pass(self.baseline)
        return list(self.baseline.failing_ids)

    def _left(self) -> float | None:
        return None if self.deadline is None else self.deadline - self.clock()

    def _new_scratch(self) -> Path:
        parent = self.scratch_dir or Path(tempfile.gettempdir())
        parent.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"gate-{next(self._serial)}-", dir=parent)) / "tree"

    def _run(self, target: str | list[str], root: Path, watch: dict | None) -> TestReport:
        kw: dict = {"pristine": True, "root": root, "writable": True, "wall_s": self._left()}
        if watch is not None:
            kw["audit"] = watch
        if getattr(self.runner, "records", False):
            # what pytest loads by itself is recorded; the baseline's plugins are pinned
            kw["record"] = "gate" if target == "" else None
            rec = self.baseline.record
            # pinned when the baseline got as far as collecting (its plugin list is complete)
            pinned = rec is not None and bool(
                rec.plugins or rec.test_modules or rec.doctest_modules
            )
            kw["plugins"] = rec.plugins if pinned and rec is not None else None
        return self.runner.run(target, **kw)  # type: ignore[call-arg]

    def _repeats(self, root: Path) -> str:
        """Run the baseline's failing tests again until they passed :attr:`repeats` times.

        The full run counted as the first. Returns "" when every run passed, else why not.
        """
        ids = self._must_pass()
        if not ids:
            return ""
        for n in range(2, self.repeats + 1):
            left = self._left()
            if left is not None and left <= 0:
                return f"the run's wall-clock budget ran out before run {n} of {self.repeats}"
            again = self._run(ids, root, None)
            gone = _not_collected(ids, again) if not again.ok else []
            if gone:
                return (
                    f"the baseline's failing test{'s' if len(gone) > 1 else ''} "
                    f"{', '.join(gone[:5])} {'are' if len(gone) > 1 else 'is'} not collected any "
                    "more (pytest: not found): a test that no longer runs is not a fixed test"
                )
            if not again.ok or again.failing_ids:
                bad = ", ".join(again.failing_ids[:5]) or render.tally(again)
                return (
                    f"the baseline's failing tests passed in the full run but not on run {n} "
                    f"of {self.repeats} ({again.outcome.value}: {bad}): a flaky pass is not a fix"
                )
        return ""

    def _second_opinion(self, watch: dict[str, list[int]], root: Path) -> tuple[str, list[str]]:
        """(summary, audit findings) of the second opinion on the baseline's failing tests.

        The summary starts with ``"agrees"`` when every test passed there (tests that runner
        cannot judge by itself, e.g. async ones, are named); otherwise it says which did not.
        """
        ids = self._must_pass()
        if not ids:
            return "agrees: the baseline had no failing test to re-run", []
        op = self.runner.second_opinion(ids, audit=watch, root=root)  # type: ignore[attr-defined]
        events = [str(e) for e in op.events]
        why = op.disagreement(ids)
        if why is not None:
            return why, events
        summary = f"agrees: {len(ids)} failing test(s) of the baseline pass in fixloop's runner"
        if unknown := op.unknown():
            summary += f" ({len(unknown)} it cannot judge by itself: {', '.join(unknown[:3])})"
        return summary, events
