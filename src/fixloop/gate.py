"""The verification gate: the only code in fixloop that decides success.

The model's claim of being done is never trusted (../shared/DESIGN.md, rule 2). On each claim the
gate:

1. compares every protected file (:func:`fixloop.workspace.is_protected`: test files, test
   configuration, auto-loaded files) in the worktree with the base commit, including deleted and
   new files, and restores any change (new ones are deleted);
2. refuses new files that Python or pytest load by themselves (:func:`~fixloop.workspace.is_autoload`):
   they are deleted and flagged;
3. runs the full suite in pristine mode (``runner.run("", pristine=True)``), in the sandbox;
4. requires at least the baseline's collected count (removed tests cannot make a suite green), no
   more skipped tests than a baseline that ran, and ``report.ok`` (outcome passed, >= 1 test);
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

The comparison uses git in the worktree (``git diff --name-only <base>`` for tracked files, and
``git ls-files --others`` for new ones, ignored files included, blocked folders such as ``.venv``
left out), so it does not depend on the tools having refused anything.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fixloop import render
from fixloop import workspace as ws
from fixloop.basediff import BaseDiff
from fixloop.protocols import Checkout, Runner, WatchedRunner
from fixloop.tamper import Finding, read_text, scan_paths
from fixloop.testrun.audit import watch_lines
from fixloop.types import Outcome, TestReport, Verdict

PathRule = Callable[[str], bool]


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
        is_protected: PathRule = ws.is_protected,
        is_autoload: PathRule = ws.is_autoload,
    ) -> None:
        self.iso, self.workspace, self.runner, self.baseline = iso, workspace, runner, baseline
        self.root = Path(iso.root)
        self.base = str(iso.base_commit)
        self.changes = BaseDiff(self.root, self.base)
        self._is_protected, self._is_autoload = is_protected, is_autoload
        self.verifications = 0

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
            (deleted) in ``new_autoload``.
        """
        tampered: list[str] = []
        new_autoload: list[str] = []
        for rel in self.changes.changed_tracked():
            if self._is_protected(rel):
                self.changes.restore(rel)
                tampered.append(rel)
        for rel in self.changes.untracked():
            if self._blocked(rel):
                continue
            autoload = self._is_autoload(rel)
            if not (autoload or self._is_protected(rel)):
                continue
            p = self.root / rel
            if p.is_symlink() or p.is_file():
                p.unlink()
            (new_autoload if autoload else tampered).append(rel)
        return tampered, new_autoload

    def _old_text(self, rel: str) -> str | None:
        data = self.changes.base_bytes(rel)
        return data.decode("utf-8", "replace") if data is not None else None

    def _changed_code(self) -> list[str]:
        return self.changes.changed_tracked() + self.changes.untracked(ignored_too=False)

    def watched_lines(self) -> dict[str, list[int]]:
        """The lines the change added or modified in the code under test.

        ``{relpath: [line, ...]}``: the lines the change added or modified in the code under test
        (protected and blocked files left out), for the audit hook.
        """
        return watch_lines(
            self._changed_code(),
            self._old_text,
            lambda rel: read_text(self.root / rel),
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
            lambda rel: read_text(self.root / rel),
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )

    def verify(self) -> Verdict:
        """Check one claim of being done; restores protected files as a side effect.

        Returns:
            a :class:`Verdict`; ``verified`` only when the pristine full-suite run passed, collected
            at least the baseline's count and skipped no more tests than a baseline that ran.
        """
        self.verifications += 1
        tampered, new_autoload = self.restore_protected()
        suspicious = [str(f) for f in self.scan_code_changes()]
        watched = isinstance(self.runner, WatchedRunner)
        watch = self.watched_lines() if watched else {}
        if watched:
            report = self.runner.run("", pristine=True, audit=watch)  # type: ignore[call-arg]
        else:
            report = self.runner.run("", pristine=True)
        audit = list(report.audit or [])
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
        else:
            verdict = self._second_opinion(watch) if watched else None
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
        if tampered or new_autoload:
            reason += f"; restored protected files: {', '.join(tampered + new_autoload)}"
        return Verdict(verified, report, tampered, new_autoload, reason, suspicious, audit, second)

    def _second_opinion(self, watch: dict[str, list[int]]) -> tuple[str, list[str]]:
        """(summary, audit findings) of the second opinion on the baseline's failing tests.

        The summary starts with ``"agrees"`` when every test passed there (tests that runner
        cannot judge by itself, e.g. async ones, are named); otherwise it says which did not.
        """
        ids = self.baseline.failing_ids
        if not ids:
            return "agrees: the baseline had no failing test to re-run", []
        op = self.runner.second_opinion(ids, audit=watch)  # type: ignore[attr-defined]
        events = [str(e) for e in op.events]
        why = op.disagreement(ids)
        if why is not None:
            return why, events
        summary = f"agrees: {len(ids)} failing test(s) of the baseline pass in fixloop's runner"
        if unknown := op.unknown():
            summary += f" ({len(unknown)} it cannot judge by itself: {', '.join(unknown[:3])})"
        return summary, events
