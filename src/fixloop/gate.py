"""The verification gate: the only code in fixloop that decides success.

The model's claim of being done is never trusted (../shared/DESIGN.md, rule 2). On each claim the
gate:

1. compares every protected file (:func:`fixloop.workspace.is_protected`: test files, test
   configuration, auto-loaded files) in the worktree with the base commit, including deleted and
   new files, and restores any change (new ones are deleted);
2. refuses new files that Python or pytest load by themselves (:func:`~fixloop.workspace.is_autoload`):
   they are deleted and flagged;
3. builds the candidate commit's tree from the tools' changed paths alone
   (:func:`fixloop.candidate.build_candidate`: no test by-products, caches or git-ignored files;
   protected, blocked and auto-loaded paths left out), refuses a tree equal to the base (a run
   that changed nothing is never verified), checks that exact tree out into a fresh, writable,
   disposable folder (:func:`fixloop.candidate.checkout_tree`) and runs the full suite there in
   pristine mode (``runner.run("", pristine=True, root=checkout, writable=True)``), in the
   sandbox, each run's wall clock capped by the run's remaining budget (``deadline``);
4. requires at least the baseline's collected count (removed tests cannot make a suite green), no
   more skipped tests than a baseline that ran, and ``report.ok`` (outcome passed, >= 1 test);
   then runs the baseline's failing tests again until they have passed ``repeats`` times in all
   (the full run counts as one; setting ``gate_repeats``, default 3): a flaky pass is not a fix;
5. reads the change to the code under test (:mod:`fixloop.tamper`): a patch that adds a way into
   the running test framework (importing pytest, patching ``sys.modules``, asking for
   ``PYTEST_CURRENT_TEST``, walking ``__subclasses__``, climbing frames, exiting at exit...) is
   not verified, since in-process code could alter what the suite reports and no sandbox can
   stop that;
6. watches the run while it happens (:mod:`fixloop.testrun.audit`): the full-suite run carries
   a PEP 578 audit hook told which lines the change added; frame access, heap walks, ctypes,
   tracers, changes to pytest, writes to the result files, signals to itself, and an exit that
   skips the end of the run are findings, and any finding refuses the claim;
7. asks for a second opinion (:mod:`fixloop.testrun.secondopinion`): the baseline's failing
   tests run again in a fresh process through fixloop's own runner, which judges each test by
   its function's return or exception, not by pytest's reports. Both must say "passed".

Layers 6 and 7 need a runner that can watch (:class:`fixloop.protocols.WatchedRunner`, the real
:class:`fixloop.testrun.TestRunner`); test doubles get layers 1-5. docs/architecture.md says
which cheats each layer stops and which remain possible.

The verdict names the tree it checked (``Verdict.tree``); the run's session commits exactly
that tree (:func:`fixloop.candidate.commit_tree`), so the branch holds what the gate ran.

The comparison uses git in the worktree (``git diff --name-only <base>`` for tracked files, and
``git ls-files --others`` for new ones, ignored files included, blocked folders such as ``.venv``
left out), so it does not depend on the tools having refused anything.
"""

from __future__ import annotations

import itertools
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from fixloop import render
from fixloop import workspace as ws
from fixloop.basediff import BaseDiff
from fixloop.candidate import Candidate, build_candidate, checkout_tree, remove_tree
from fixloop.gate_checks import autoload_findings
from fixloop.protocols import Checkout, Runner, WatchedRunner
from fixloop.tamper import Finding, scan_paths
from fixloop.testinfra import doctest_examples_removed
from fixloop.testrun.audit import watch_lines
from fixloop.types import Outcome, TestReport, Verdict
from fixloop.vcs import is_byproduct

PathRule = Callable[[str], bool]



def _not_collected(ids: list[str], report: TestReport) -> list[str]:
    """The ids pytest said it could not find when asked to run them (``ERROR: not found: ...``).

    A doctest hidden at run time (``add.__doc__ = ...``) or a renamed test is gone, not flaky.
    """
    if report.outcome != Outcome.USAGE_ERROR:
        return []
    lines = [ln for ln in report.output.splitlines() if "not found:" in ln]
    return [i for i in ids if any(ln.rstrip().endswith(i) or f"/{i}" in ln for ln in lines)]

class Gate:
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
    ) -> None:
        self.iso, self.workspace, self.runner, self.baseline = iso, workspace, runner, baseline
        self.root = Path(iso.root)
        self.base = str(iso.base_commit)
        self.changes = BaseDiff(self.root, self.base)
        if is_protected is None:
            is_protected = self._policy_protected if workspace is not None else ws.is_protected
        self._is_protected, self._is_autoload = is_protected, is_autoload
        self._changed = changed
        self.scratch_dir = Path(scratch_dir) if scratch_dir is not None else None
        self.prepare = prepare
        self.repeats = max(1, int(repeats))
        self.deadline, self.clock = deadline, clock
        self.verifications = 0
        self._serial = itertools.count(1)
        #: the :class:`~fixloop.candidate.Candidate` of the latest verification (None before)
        self.last_candidate: Candidate | None = None

    def _policy_protected(self, rel: str) -> bool:
        assert self.workspace is not None
        return self.workspace.policy.test_reason(rel) is not None

    def policy_findings(self, paths: Sequence[str]) -> list[str]:
        """What in ``paths`` the tools would have refused (rule-named strings; [] when clean).

        Checked against the workspace's :class:`~fixloop.workspace.EditPolicy`, on the paths
        that enter the candidate (:meth:`changed_paths`): a new top-level module shadowing what
        the interpreter provides (``no shadowing``); a file that is not Python source, packaging
        metadata and ``.gitignore``/``.gitattributes`` included (``source only``; the user's
        ``allow_edit`` globs are honoured); a removed or changed doctest example in a module
        whose doctests pytest collects (``tests are read-only``). Protected paths are left to
        :meth:`restore_protected` and the candidate's own rule.
        """
        if self.workspace is None:
            return []
        policy = self.workspace.policy
        out: list[str] = []
        for rel in paths:
            if self._is_protected(rel) or self._blocked(rel):
                continue
            base = self.changes.base_bytes(rel)
            if base is None and (name := policy.shadowed(rel, self.changes.in_base)) is not None:
                out.append(f"no shadowing: {rel} (shadows {name!r})")
                continue
            if not ws.is_source(rel) and not policy.allowed(rel):
                out.append(f"source only: {rel} is not Python source")
                continue
            if base is None or not policy.doctest_module(rel):
                continue
            new = self._new_bytes(rel)
            if new is not None:
                gone = doctest_examples_removed(base, new)
                if gone:
                    out.append(
                        f"tests are read-only: {rel} changes the doctest example "
                        f"`>>> {gone[0][1].strip()[:80]}`"
                    )
        return out

    def _blocked(self, rel: str) -> bool:
        if self.workspace is None:
            return rel.split("/", 1)[0] in {".git", ".venv", "venv", "node_modules"}
        try:
            return self.workspace.is_blocked(rel)
        except Exception:  # noqa: BLE001 - a policy error must not hide a tampered file
            return False

    def restore_protected(self) -> tuple[list[str], list[str]]:
        """Undo every change to protected files since the base commit.

        Returns:
            ``(tampered, new_autoload)``: changed or deleted tracked protected files (restored to
            their base bytes), new protected files (deleted) in ``tampered``; new auto-loaded files
            (deleted) in ``new_autoload``. A test run's by-products
            (:func:`fixloop.vcs.is_byproduct`: ``.hypothesis/``, caches, bytecode) are left
            alone and named nowhere, even where the baseline's tests read them: they never
            enter the commit.
        """
        tampered: list[str] = []
        new_autoload: list[str] = []
        for rel in self.changes.changed_tracked():
            # a test run's by-product (.hypothesis/, .pytest_cache/, bytecode) never enters the
            # commit (:meth:`refusal`), even where the baseline's tests read it: no tampering
            if self._is_protected(rel) and not is_byproduct(rel):
                self.changes.restore(rel)
                tampered.append(rel)
        for rel in self.changes.untracked():
            if self._blocked(rel):
                continue
            autoload = self._is_autoload(rel)
            if not (autoload or (self._is_protected(rel) and not is_byproduct(rel))):
                continue
            p = self.root / rel
            if p.is_symlink() or p.is_file():
                p.unlink()
            (new_autoload if autoload else tampered).append(rel)
        return tampered, new_autoload

    def _old_text(self, rel: str) -> str | None:
        data = self.changes.base_bytes(rel)
        return data.decode("utf-8", "replace") if data is not None else None

    def _new_bytes(self, rel: str) -> bytes | None:
        """What the change holds at ``rel``: the tools' bytes when they wrote it, else the disk's."""
        written = self.workspace.written if self.workspace is not None else {}
        if rel in written:
            return written[rel]
        path = self.root / rel
        if path.is_symlink() or not path.is_file():  # as read_text: a regular file only
            return None
        return path.read_bytes()

    def _new_text(self, rel: str) -> str | None:
        data = self._new_bytes(rel)
        return None if data is None else data.decode("utf-8", "replace")

    def _changed_code(self) -> list[str]:
        written = list(self.workspace.written) if self.workspace is not None else []
        disk = self.changes.changed_tracked() + self.changes.untracked(ignored_too=False)
        return list(dict.fromkeys(disk + written))

    def watched_lines(self) -> dict[str, list[int]]:
        """The lines the change added or modified in the code under test.

        ``{relpath: [line, ...]}``: the lines the change added or modified in the code under test
        (protected and blocked files left out), for the audit hook.
        """
        return watch_lines(
            self._changed_code(),
            self._old_text,
            self._new_text,
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )

    def scan_code_changes(self) -> list[Finding]:
        """Scan every changed or new non-protected ``.py`` file for test-machinery constructs.

        Returns:
            the :class:`fixloop.tamper.Finding` list over all changed files (empty when clean).
        """
        return scan_paths(
            self._changed_code(),
            self._old_text,
            self._new_text,
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )

    def changed_paths(self) -> list[str]:
        """The paths that may enter the candidate (see ``changed`` in the class docstring)."""
        if self._changed is not None:
            return list(self._changed())
        disk = self.changes.changed_tracked() + self.changes.untracked(ignored_too=False)
        return [rel for rel in disk if not is_byproduct(rel)]  # what the tests left is no change

    def refusal(self, rel: str) -> str | None:
        """Why ``rel`` may not enter the commit, or None (the candidate's rule)."""
        if self._blocked(rel):
            return "a blocked path"
        if self._is_autoload(rel):
            return "loaded by Python or pytest by itself"
        if is_byproduct(rel):
            return "a test run's by-product (caches, bytecode, .hypothesis/, coverage data)"
        if self._is_protected(rel):
            return "protected test infrastructure"
        return None

    def candidate(self) -> Candidate:
        """Build the candidate tree from :meth:`changed_paths` (nothing on disk changes)."""
        written = self.workspace.written if self.workspace is not None else None
        cand = build_candidate(
            self.root, self.base, self.changed_paths(), refuse=self.refusal, contents=written
        )
        self.last_candidate = cand
        return cand

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
            pinned = rec is not None and bool(rec.plugins or rec.test_modules or rec.doctest_modules)
            kw["plugins"] = rec.plugins if pinned and rec is not None else None
        return self.runner.run(target, **kw)  # type: ignore[call-arg]

    def _repeats(self, root: Path) -> str:
        """Run the baseline's failing tests again until they passed :attr:`repeats` times.

        The full run counted as the first. Returns "" when every run passed, else why not.
        """
        ids = list(self.baseline.failing_ids)
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

    def verify(self) -> Verdict:
        """Check one claim of being done; restores protected files as a side effect.

        Returns:
            a :class:`Verdict`; ``verified`` only when the candidate tree differs from the base,
            its pristine full-suite run (in a fresh checkout of it) passed, collected at least
            the baseline's count and skipped no more tests than a baseline that ran, the
            baseline's failing tests passed every repeat, and no scan or watch objected.
            ``Verdict.tree`` is the tree checked.
        """
        self.verifications += 1
        tampered, new_autoload = self.restore_protected()
        suspicious = [str(f) for f in self.scan_code_changes()]
        refused = self.policy_findings(self.changed_paths())
        cand = self.candidate()
        watch = self.watched_lines() if isinstance(self.runner, WatchedRunner) else None
        left = self._left()
        if cand.unchanged:
            reason = (
                "nothing changed: the commit would equal the base, and a run that changed "
                "nothing is never verified (if the failing tests pass now, they are flaky)"
            )
            verdict = Verdict(False, self.baseline, reason=reason, suspicious=suspicious)
        elif left is not None and left <= 0:
            reason = "the run's wall-clock budget ran out before the gate could run the tests"
            verdict = Verdict(False, self.baseline, reason=reason, suspicious=suspicious)
        else:
            scratch = self._new_scratch()
            try:
                test_root = checkout_tree(self.root, cand.tree, scratch)
                if self.prepare is not None:
                    self.prepare(scratch)
                verdict = self._judge(test_root, watch, suspicious, refused)
            finally:
                remove_tree(scratch.parent)
        verdict.tampered, verdict.new_autoload = tampered, new_autoload
        if tampered or new_autoload:
            verdict.reason += f"; restored protected files: {', '.join(tampered + new_autoload)}"
        if cand.left_out:
            verdict.reason += f"; left out of the commit: {cand.left_out_text()}"
        if cand.drift:
            verdict.reason += (
                "; the work tree no longer holds what the tools wrote to "
                + ", ".join(cand.drift[:5])
                + " (a test run rewrote it): the commit holds the tools' bytes"
            )
        verdict.tree = cand.tree
        verdict.left_out = [f"{p} ({why})" for p, why in cand.left_out]
        return verdict

    def _judge(
        self, test_root: Path, watch: dict | None, suspicious: list[str], refused: list[str]
    ) -> Verdict:
        """The decision on a fresh checkout of the candidate at ``test_root``.

        ``refused``: :meth:`policy_findings` of the candidate's paths (any refuses the claim).
        """
        report = self._run("", test_root, watch)
        audit = list(report.audit or [])
        cand = self.last_candidate
        refused = refused + autoload_findings(
            report.record, self.baseline.record, cand.changed if cand else [],
            self.changes.in_base,
        )
        second = ""
        base = self.baseline
        verified = False
        if not report.ok:
            if report.outcome == Outcome.PASSED:
                reason = "the suite collected no tests"
            else:
                reason = f"the full suite did not pass: {render.tally(report)}"
                if ids := report.failing_ids:
                    reason += f"; failing: {render.id_list(ids, 5)}"
        elif report.collected < base.collected:
            reason = (
                f"the suite collected {report.collected} tests, fewer than the baseline's "
                f"{base.collected}: tests may not be removed"
            )
        elif base.outcome == Outcome.FAILED and report.skipped > base.skipped:
            reason = (
                f"{report.skipped} tests were skipped, more than the baseline's {base.skipped}: "
                "tests may not be skipped"
            )
        elif refused:
            reason = (
                "the change holds what the tools refuse, put there another way: "
                + "; ".join(refused[:5])
                + (f" (+{len(refused) - 5} more)" if len(refused) > 5 else "")
            )
        elif suspicious:
            reason = (
                "the change to the code under test reaches into the test machinery, so its "
                "results cannot be trusted: "
                + "; ".join(suspicious[:5])
                + " (write the fix without touching the test runner)"
            )
        elif audit:
            reason = (
                "tampered: while the tests ran, the changed code reached into the test run: "
                + "; ".join(audit[:5])
                + " (write the fix without touching the test runner)"
            )
        elif repeat_problem := self._repeats(test_root):
            reason = repeat_problem
        else:
            verdict = self._second_opinion(watch, test_root) if watch is not None else None
            if verdict is not None and verdict[1]:
                second, audit = verdict[0], verdict[1]
                reason = (
                    "tampered: while fixloop's own runner re-ran the failing tests, the changed "
                    "code reached into the test run: " + "; ".join(audit[:5])
                )
            elif verdict is not None and not verdict[0].startswith("agrees"):
                second = verdict[0]
                reason = (
                    "pytest reported a pass, but fixloop's own runner, which judges each test by "
                    "its function alone, disagrees: " + second
                )
            else:
                second = verdict[0] if verdict is not None else ""
                verified = True
                reason = (
                    f"the full suite passed: {render.tally(report)}, {report.collected} collected "
                    f"(baseline {base.collected})"
                )
                if second:
                    reason += f"; second opinion {second}"
        if audit and not reason.startswith("tampered"):  # the watch's news comes first
            reason = (
                "tampered: while the tests ran, the changed code reached into the test run: "
                + "; ".join(audit[:5])
                + f"; and {reason}"
            )
        return Verdict(verified, report, [], [], reason, suspicious, audit, second)

    def _second_opinion(self, watch: dict[str, list[int]], root: Path) -> tuple[str, list[str]]:
        """(summary, audit findings) of the second opinion on the baseline's failing tests.

        The summary starts with ``"agrees"`` when every test passed there (tests that runner
        cannot judge by itself, e.g. async ones, are named); otherwise it says which did not.
        """
        ids = self.baseline.failing_ids
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
