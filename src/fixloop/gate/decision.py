"""The gate's decision on one claim of being done (:class:`Gate`).

The order of the checks and which one refuses the claim; the package docstring
(:mod:`fixloop.gate`) lists the layers. What the change is comes from
:class:`~fixloop.gate.policy.ChangePolicy`, the test runs in the fresh checkout from
:class:`~fixloop.gate.runs.FreshCheckoutRuns`, the sentences from :mod:`fixloop.gate.reasons`.
The session (:mod:`fixloop.session`) builds one Gate per run; the loop's claims
(:mod:`fixloop.agent.claims`) call :meth:`Gate.verify`.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from fixloop import workspace as ws
from fixloop.basediff import BaseDiff
from fixloop.candidate import Candidate, checkout_tree, remove_tree
from fixloop.gate import manifests as dep_manifests
from fixloop.gate import reasons
from fixloop.gate.autoload import autoload_findings
from fixloop.gate.policy import PathRule
from fixloop.gate.runs import FreshCheckoutRuns
from fixloop.gate.unstable import unstable_pairs
from fixloop.protocols import Checkout, Runner, WatchedRunner
from fixloop.sandbox.standins import furnish_home
from fixloop.targets import Targets
from fixloop.types import Outcome, TestReport, Verdict

__all__ = ["Gate", "PathRule"]


class Gate(dep_manifests.ApprovedManifests, FreshCheckoutRuns):
    """Verifies claims of success against the base commit and the real test suite.

    Args:
        iso: where the run works (:class:`~fixloop.protocols.Checkout`: ``root`` and
            ``base_commit``; a :class:`fixloop.vcs.Isolation`).
        workspace: the :class:`fixloop.workspace.Workspace` (its ``is_blocked``), or None for
            the usual junk folders.
        runner: the :class:`~fixloop.protocols.Runner`.
        baseline: the baseline report (its ``collected`` count is the minimum).
        is_protected, is_autoload: the path predicates; default to ``fixloop.workspace``'s.
        changed: ``changed() -> paths``: the workspace-relative paths the tools created or
            edited (``Tools.changed``); only they enter the candidate. None: git's view of the
            work tree (changed tracked files and new files git does not ignore), for callers
            without tools.
        scratch_dir: where the disposable checkouts go (a new folder each verification,
            removed after); None: the system's temporary folder.
        prepare: called with the top of each fresh checkout before its tests run, to bring in
            what the run's tree has beyond the commit (:meth:`fixloop.runtree.RunTreeExtras.apply`:
            the checkout's needed ignored files, the submodules); None: nothing.
        repeats: how many times in all the baseline's failing tests must pass (>= 1).
        deadline: ``clock()`` value when the run's wall-clock budget ends; each test run of
            the gate is capped by what is left, and a gate past it does not verify.
        clock: the monotonic clock (seconds).
        targets: the failing tests the run is about (:class:`fixloop.targets.Targets`), or
            None: every test must pass. With targets, the baseline's other failing tests may
            stay failing, the repeats and the second opinion run the targets.
        manifests: under ``--approve deps``, the ``pyproject.toml`` bytes the person approved
            (``Approver.manifests``, read at each verification); such a file enters the commit
            when it is a dependency-only change of the base's (:mod:`fixloop.gate.manifests`),
            and any other change to a ``pyproject.toml`` refuses the claim. None: every
            ``pyproject.toml`` is protected test configuration, restored.
        brought: repository-relative paths of the git-ignored files the run's tree was given
            (``RunTreeExtras.ignored``): never deleted as new protected files.

    Raises nothing from :meth:`verify` for git trouble in normal use; a git failure
    (:class:`fixloop.git.GitError`) propagates, since the gate cannot decide without it.
    """

    def __init__(
        self,
        iso: Checkout,
        workspace: ws.Workspace | None,
        runner: Runner,
        baseline: TestReport,
        *,
        is_protected: PathRule | None = None,
        is_autoload: PathRule = ws.is_autoload,
        changed: Callable[[], Sequence[str]] | None = None,
        scratch_dir: Path | None = None,
        prepare: Callable[[Path], None] | None = None,
        repeats: int = 3,
        deadline: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        targets: Targets | None = None,
        manifests: Mapping[str, bytes] | None = None,
        brought: Sequence[str] = (),
    ) -> None:
        self.iso, self.workspace, self.runner, self.baseline = iso, workspace, runner, baseline
        self.root = Path(iso.root)
        self.base = str(iso.base_commit)
        self.changes = BaseDiff(self.root, self.base)
        if is_protected is None:
            is_protected = self._policy_protected if workspace is not None else ws.is_protected
        self.manifests = manifests
        self._is_protected, self._is_autoload = is_protected, is_autoload
        if manifests is not None:  # an approved dependency-only pyproject.toml is no tampering
            self._is_protected = self._protected_unless_approved(is_protected)
        self._changed = changed
        self.brought = frozenset(brought)
        self.scratch_dir = Path(scratch_dir) if scratch_dir is not None else None
        self.prepare = prepare
        self.repeats = max(1, int(repeats))
        self.deadline, self.clock = deadline, clock
        self.targets = targets
        self.verifications = 0
        self._serial = itertools.count(1)
        #: the :class:`~fixloop.candidate.Candidate` of the latest verification (None before)
        self.last_candidate: Candidate | None = None
        #: the latest verification's ``(baseline id, candidate id)`` of ids that change at every
        #: collection of the base commit (:meth:`_unstable`)
        self.unstable: list[tuple[str, str]] = []

    def verify(self) -> Verdict:
        """Check one claim of being done; restores protected files as a side effect.

        Returns:
            a :class:`Verdict`; ``verified`` only when the candidate tree differs from the base,
            its pristine full-suite run (in a fresh checkout of it) passed, collected at least
            the baseline's count, ran (or skipped) every test that ran at the baseline, by id,
            and skipped no more tests than a baseline that ran (and none that ran at that
            baseline), the baseline's failing tests passed every repeat, and no scan or watch
            objected.
            ``Verdict.tree`` is the tree checked.
        """
        self.verifications += 1
        deps = self.manifest_findings(list(self.workspace.written) if self.workspace else [])
        tampered, new_autoload = self.restore_protected()
        suspicious = [str(f) for f in self.scan_code_changes()]
        paths = [p for p in self.changed_paths() if not self.manifest_accepted(p)]
        refused = deps + self.policy_findings(paths)
        cand = self.candidate()
        watch = self.watched_lines() if isinstance(self.runner, WatchedRunner) else None
        left = self._left()
        if cand.unchanged or (left is not None and left <= 0):
            why = reasons.NOTHING_CHANGED if cand.unchanged else reasons.OUT_OF_TIME
            verdict = Verdict(False, self.baseline, reason=why, suspicious=suspicious)
        else:
            scratch = self._new_scratch()
            try:
                self._early_perturbed(cand.tree)  # written now: older than the change (G18)
                test_root = checkout_tree(self.root, cand.tree, scratch)
                self._dress(cand.tree, scratch, staged=False)
                if self.prepare is not None:
                    self.prepare(scratch)
                self._checkout_top = scratch  # shown at the user's repository path (runs._place)
                self._home = scratch.parent / "home"  # kept between this verification's runs
                self._home.mkdir(mode=0o700)
                furnish_home(self._home)  # the user's shell start-up files, as stand-ins (F40)
                verdict = self._judge(test_root, watch, suspicious, refused)
            finally:
                self._checkout_top = self._home = None
                self._drop_early()
                remove_tree(scratch.parent)
        verdict.tampered, verdict.new_autoload = tampered, new_autoload
        verdict.reason += reasons.notes(tampered, new_autoload, cand)
        verdict.reason += dep_manifests.note(deps, verdict.reason)
        verdict.tree = cand.tree
        verdict.left_out = [f"{p} ({why})" for p, why in cand.left_out]
        return verdict

    def _judge(
        self, test_root: Path, watch: dict | None, suspicious: list[str], refused: list[str]
    ) -> Verdict:
        """The decision on a fresh checkout of the candidate at ``test_root``.

        ``refused``: :meth:`policy_findings` of the candidate's paths (any refuses the claim).
        The first check that objects gives the reason; the audit hook's findings always lead.
        """
        report = self._run("", test_root, watch)
        self.unstable, self._again, self._full_run = [], None, report
        audit = list(report.audit or [])
        cand = self.last_candidate
        refused = refused + autoload_findings(
            report.record,
            self.baseline.record,
            cand.changed if cand else [],
            self.changes.in_base,
        )
        base, second, verified = self.baseline, "", False
        still = self.targets.still_failing(report, base) if self.targets else None
        if not report.ok and still is None:
            reason = reasons.suite_failed(report)
        elif report.collected < base.collected:
            reason = reasons.fewer_collected(report, base)
        elif gone := reasons.no_longer_collected(report, base, self._unstable(report)):
            reason = gone
        elif base.outcome == Outcome.FAILED and report.skipped > base.skipped:
            reason = reasons.more_skipped(report, base)
        elif base.outcome == Outcome.FAILED and (
            swap := reasons.newly_skipped(report, base, {c: g for g, c in self.unstable})
        ):
            reason = swap
        elif refused:
            reason = reasons.refused(refused)
        elif suspicious:
            reason = reasons.suspicious(suspicious)
        elif audit:
            reason = reasons.tampered(audit)
        elif repeat_problem := self._repeats(test_root):
            reason = repeat_problem
        else:
            opinion = self._second_opinion(watch, test_root) if watch is not None else None
            if opinion is not None and opinion[1]:
                second, audit = opinion
                reason = reasons.tampered_in_second_opinion(audit)
            elif opinion is not None and not opinion[0].startswith("agrees"):
                second = opinion[0]
                reason = reasons.disagreement(second)
            else:
                second = opinion[0] if opinion is not None else ""
                verified = True
                reason = reasons.passed(report, base, second, still or [])
                reason += reasons.unstable_note(self.unstable) + self._plan().note()
        reason = reasons.lead(reason, audit, suspicious)  # the watch first, the scan named
        reason += reasons.shared_ids(report)
        verdict = Verdict(verified, report, [], [], reason, suspicious, audit, second)
        verdict.still_failing = list(still or [])
        return verdict

    def _unstable(self, report: TestReport) -> list[str]:
        """The missing ids of ``report`` excused as unstable (:mod:`fixloop.gate.unstable`).

        Costs nothing when no id of the baseline is missing and no skipped id is new; else
        the base commit is collected once more in a fresh checkout
        (:meth:`~fixloop.gate.runs.FreshCheckoutRuns._base_again`). Sets :attr:`unstable`
        (skipped ids included, for :func:`~fixloop.gate.reasons.newly_skipped`); returns the
        excused ids of tests that ran at the baseline.
        """
        base = self.baseline
        gone = reasons.missing_ids(report, base)
        skipped = set(base.skipped_ids)
        present = {*report.ran_ids, *report.skipped_ids}
        gone_skips = [t for t in dict.fromkeys(base.skipped_ids) if t not in present]
        if not gone and not any(t not in skipped for t in report.skipped_ids):
            return []
        self._again = self._base_again()  # kept: the re-runs name unstable ids by it
        self.unstable = unstable_pairs(
            gone + gone_skips,
            [*base.ran_ids, *base.skipped_ids],
            [*report.ran_ids, *report.skipped_ids],
            self._again,
            skipped=[*base.skipped_ids, *report.skipped_ids],
        )
        return [g for g, _ in self.unstable if g not in skipped]
