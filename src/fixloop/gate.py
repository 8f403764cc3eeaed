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
   ``PYTEST_CURRENT_TEST``...) is not verified, since in-process code could alter what the suite
   reports and no sandbox can stop that.

The comparison uses git in the worktree (``git diff --name-only <base>`` for tracked files, and
``git ls-files --others`` for new ones, ignored files included, blocked folders such as ``.venv``
left out), so it does not depend on the tools having refused anything.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

from fixloop.tamper import Finding, read_text, scan_paths
from fixloop.types import Outcome, TestReport, Verdict


def run_baseline(runner: Any) -> TestReport:
    """Run the full suite once, in pristine mode, before the model is called.

    Args:
        runner: a :class:`fixloop.testrun.TestRunner` (anything with ``run(target, pristine=)``).

    Returns:
        the baseline :class:`TestReport`; ``report.ok`` means there is nothing to fix. A
        collection error or an internal error is still "failing" (something to fix).
    """
    return runner.run("", pristine=True)


def baseline_problem(report: TestReport) -> str | None:
    """Why a baseline leaves nothing for the model to do, or None when there is work.

    Returns:
        ``"nothing_to_fix"`` when every collected test passed; a sentence when the suite collected
        no test at all (the gate could never verify a fix); otherwise None.
    """
    if report.ok:
        return "nothing_to_fix"
    if report.outcome in (Outcome.NO_TESTS_COLLECTED, Outcome.PASSED) and report.collected == 0:
        return (
            "the test suite collected no tests, so there is nothing to verify a fix against "
            "(check the test command and paths)"
        )
    return None


def _git(root: Path, *args: str) -> bytes:
    env = {**os.environ, "GIT_OPTIONAL_LOCKS": "0", "LC_ALL": "C"}
    return subprocess.run(["git", *args], cwd=root, env=env, check=True, capture_output=True).stdout


def _paths(out: bytes) -> list[str]:
    return [p.decode("utf-8", "surrogateescape") for p in out.split(b"\0") if p]


class Gate:
    """Verifies claims of success against the base commit and the real test suite.

    Args:
        iso: the run's isolation (:class:`fixloop.vcs.Isolation`; uses ``root`` and ``base_commit``).
        workspace: the :class:`fixloop.workspace.Workspace` (uses ``is_blocked``), or None.
        runner: the :class:`fixloop.testrun.TestRunner`.
        baseline: the baseline report (its ``collected`` count is the minimum).
        is_protected, is_autoload: the path predicates; default to ``fixloop.workspace``'s.

    Raises nothing from :meth:`verify` for git trouble in normal use; a git failure
    (``CalledProcessError``) propagates, since the gate cannot decide without it.
    """

    def __init__(
        self,
        iso: Any,
        workspace: Any,
        runner: Any,
        baseline: TestReport,
        *,
        is_protected: Any = None,
        is_autoload: Any = None,
    ) -> None:
        if is_protected is None or is_autoload is None:
            from fixloop import workspace as ws_mod

            is_protected = is_protected or ws_mod.is_protected
            is_autoload = is_autoload or ws_mod.is_autoload
        self.iso = iso
        self.workspace = workspace
        self.runner = runner
        self.baseline = baseline
        self.root = Path(iso.root)
        self.base = str(iso.base_commit)
        self._is_protected = is_protected
        self._is_autoload = is_autoload
        self.verifications = 0

    # -- the checks ------------------------------------------------------------------------

    def _blocked(self, rel: str) -> bool:
        if self.workspace is not None and hasattr(self.workspace, "is_blocked"):
            try:
                return bool(self.workspace.is_blocked(rel))
            except Exception:  # noqa: BLE001 - a policy error must not hide a tampered file
                return False
        return rel.split("/", 1)[0] in {".git", ".venv", "venv", "node_modules"}

    def _changed_tracked(self) -> list[str]:
        """Tracked paths (workspace-relative) that differ from the base commit, deleted included."""
        diff = ("diff", "--relative", "--no-renames", "--name-only", "-z", self.base, "--")
        return _paths(_git(self.root, *diff))

    def restore_protected(self) -> tuple[list[str], list[str]]:
        """Undo every change to protected files since the base commit.

        Returns:
            ``(tampered, new_autoload)``: changed or deleted tracked protected files (restored to
            their base bytes), new protected files (deleted) in ``tampered``; new auto-loaded files
            (deleted) in ``new_autoload``.
        """
        tampered: list[str] = []
        new_autoload: list[str] = []
        for rel in self._changed_tracked():
            if not self._is_protected(rel):
                continue
            self._restore(rel)
            tampered.append(rel)
        untracked = _paths(_git(self.root, "ls-files", "-z", "--others"))
        for rel in untracked:
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

    def scan_code_changes(self) -> list[Finding]:
        """Scan every changed or new non-protected ``.py`` file for test-machinery constructs.

        Returns:
            the :class:`fixloop.tamper.Finding` list over all changed files (empty when clean).
        """
        changed = self._changed_tracked()
        changed += _paths(_git(self.root, "ls-files", "-z", "--others", "--exclude-standard"))

        def old_text(rel: str) -> str | None:
            data = self._base_bytes(rel)
            return data.decode("utf-8", "replace") if data is not None else None

        return scan_paths(
            changed,
            old_text,
            lambda rel: read_text(self.root / rel),
            lambda rel: self._is_protected(rel) or self._blocked(rel),
        )

    def _base_bytes(self, rel: str) -> bytes | None:
        if hasattr(self.iso, "base_bytes"):
            return self.iso.base_bytes(rel)
        try:
            return _git(self.root, "cat-file", "blob", f"{self.base}:./{rel}")
        except subprocess.CalledProcessError:
            return None

    def _restore(self, rel: str) -> None:
        p = self.root / rel
        data = self._base_bytes(rel)
        if p.is_symlink() or p.is_file():
            p.unlink()
        elif p.is_dir():
            shutil.rmtree(p)
        if data is None:  # not in the base commit (staged as new): removing it restores it
            return
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)

    def verify(self) -> Verdict:
        """Check one claim of being done; restores protected files as a side effect.

        Returns:
            a :class:`Verdict`; ``verified`` only when the pristine full-suite run passed, collected
            at least the baseline's count and skipped no more tests than a baseline that ran.
        """
        self.verifications += 1
        tampered, new_autoload = self.restore_protected()
        suspicious = [str(f) for f in self.scan_code_changes()]
        report = self.runner.run("", pristine=True)
        base = self.baseline
        verified = False
        if not report.ok:
            if report.outcome == Outcome.PASSED:
                reason = "the suite collected no tests"
            else:
                ids = ", ".join(report.failing_ids[:5])
                more = (
                    f" (+{len(report.failing_ids) - 5} more)" if len(report.failing_ids) > 5 else ""
                )
                reason = f"the full suite did not pass: {report.tally()}"
                if ids:
                    reason += f"; failing: {ids}{more}"
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
        else:
            verified = True
            reason = (
                f"the full suite passed: {report.tally()}, {report.collected} collected "
                f"(baseline {base.collected})"
            )
        if tampered or new_autoload:
            reason += f"; restored protected files: {', '.join(tampered + new_autoload)}"
        return Verdict(verified, report, tampered, new_autoload, reason, suspicious)
