"""Scoring one run: the task's trees, the agent's final tree, and the hidden tests over it.

1. :func:`make_task_repo`: ``repo/`` of the task copied into a fresh folder and committed as the
   only commit of a new git repository. Nothing of ``hidden/``, ``solution.patch`` or the suite
   folder goes there.
2. :func:`materialize_result`: the agent's final tree, taken from its branch (``head_commit``),
   else its worktree, else the unchanged base, extracted into ANOTHER folder. The agent's own
   repository never sees a hidden file.
3. :func:`tree_diff`, :func:`restore_test_files`, :func:`scan_tree_change`: what the agent
   changed; test files it changed anyway are put back; test-machinery findings
   (:mod:`fixloop.tamper`) in its non-test code.
4. :func:`score_tree`: ``hidden/`` laid over a copy of the tree (a sibling folder) and the full
   suite run in pristine mode through fixloop's sandbox and :class:`fixloop.testrun.TestRunner`;
   when that does not resolve the task, the visible tests alone on the hidden-free tree.
   Resolved = the full run passes and collected at least as many tests as ``repo/`` and
   ``hidden/`` hold (:attr:`fixloop.eval.suite.Task.scoring_tests`). Plausible but overfit = the
   visible tests pass, the full run does not.

:func:`score_run` does 2 to 4 for one run and returns the record's scoring fields.

The scoring runs' time limits (:func:`scoring_limits`) come from the run's own settings and the
baseline its agent measured, through the same :meth:`fixloop.config.TimeoutSettings.derive` as
every limit of a ``fixloop fix`` run (README, "Time limits"); only the baseline's seconds are
scaled first by how many more tests the scoring run holds (``hidden/`` over ``repo/``). Without a
baseline (the agent ended before it) the caps apply, as for a baseline.
"""

from __future__ import annotations

import dataclasses
import difflib
import io
import json
import shutil
import subprocess
import tarfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from fixloop import render
from fixloop.eval.agentproc import GIT_ENV
from fixloop.eval.suite import IGNORED_DIRS, Task
from fixloop.git import git

#: What is never copied from a task's ``repo/`` or ``hidden/`` or an agent's worktree.
COPY_IGNORE = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".git", "*.pyc")


#: The date of every task repository's one commit (ISO 8601, UTC).
TASK_COMMIT_DATE = "2000-01-01T00:00:00+0000"


def _git(
    cwd: Path, *args: str, check: bool = True, env: Mapping[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run git with the eval's identity (``GIT_ENV``, plus ``env``), bytes out, no signing."""
    return git(
        cwd,
        *args,
        check=check,
        env={**GIT_ENV, **env} if env else GIT_ENV,
        binary=True,
        config=("commit.gpgsign=false",),
    )


def make_task_repo(task: Task, dest: Path) -> str:
    """Copy ``task.repo_dir`` to ``dest`` and make it a git repository with one commit.

    The commit has a fixed identity and date (:data:`TASK_COMMIT_DATE`), so the same task gives
    the same commit id in every run, on every machine (the Ray executor's records equal the
    local executor's).

    Returns:
        the commit id (40 hex digits).

    Raises:
        fixloop.git.GitError: git failed.
    """
    shutil.copytree(task.repo_dir, dest, symlinks=True, ignore=COPY_IGNORE)
    _git(dest, "init", "-q", "-b", "main")
    _git(dest, "add", "-A")
    fixed = {"GIT_AUTHOR_DATE": TASK_COMMIT_DATE, "GIT_COMMITTER_DATE": TASK_COMMIT_DATE}
    _git(dest, "commit", "-q", "--no-verify", "-m", f"task {task.id}", env=fixed)
    return _git(dest, "rev-parse", "HEAD").stdout.decode().strip()


def _extract_commit(repo: Path, commit: str, dest: Path) -> None:
    """Write the tree of ``commit`` in ``repo`` into folder ``dest`` (git archive)."""
    data = _git(repo, "archive", "--format=tar", commit).stdout
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def _worktrees(repo: Path) -> list[Path]:
    """Linked worktrees of ``repo`` (not the main one) that still exist."""
    res = _git(repo, "worktree", "list", "--porcelain", check=False)
    paths = [
        Path(line[len("worktree ") :])
        for line in res.stdout.decode(errors="replace").splitlines()
        if line.startswith("worktree ")
    ]
    main = repo.resolve()
    return [p for p in paths if p.is_dir() and p.resolve() != main]


def materialize_result(repo: Path, result: dict[str, Any] | None, dest: Path) -> str:
    """Put the agent's final tree into ``dest``; say where it came from.

    Sources, in order: the ``head_commit`` the agent reported (its branch), the worktree it
    reported or any linked worktree still on disk (work not committed, e.g. after a kill), a
    ``fixloop/*`` branch, else the base commit (the agent changed nothing that survived).

    Args:
        repo: the run's task repository (:func:`make_task_repo`).
        result: the agent's ``--json`` object, or None.
        dest: a folder that does not exist yet.

    Returns:
        ``"head_commit"``, ``"worktree"``, ``"branch"`` or ``"base"``.

    Raises:
        fixloop.git.GitError: git cannot read the chosen commit.
    """
    head = (result or {}).get("head_commit")
    if (
        isinstance(head, str)
        and head
        and _git(repo, "cat-file", "-e", head, check=False).returncode == 0
    ):
        _extract_commit(repo, head, dest)
        return "head_commit"
    wt = (result or {}).get("worktree")
    trees = [Path(wt)] if isinstance(wt, str) and Path(wt).is_dir() else []
    trees += _worktrees(repo)
    for tree in trees:
        if tree.resolve() != repo.resolve():
            shutil.copytree(tree, dest, symlinks=True, ignore=COPY_IGNORE)
            return "worktree"
    refs = _git(repo, "for-each-ref", "--format=%(objectname)", "refs/heads/fixloop/", check=False)
    tips = refs.stdout.decode().split()
    if tips:
        _extract_commit(repo, tips[-1], dest)
        return "branch"
    _extract_commit(repo, "HEAD", dest)
    return "base"


def _tree_files(root: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for p in root.rglob("*"):
        rel = p.relative_to(root)
        if any(part in IGNORED_DIRS or part == ".pytest_cache" for part in rel.parts):
            continue
        if p.is_file() and not p.name.endswith(".pyc"):
            out[rel.as_posix()] = p
    return out


def tree_diff(before: Path, after: Path) -> tuple[list[str], int]:
    """Files that differ between two trees and the diff size in lines.

    Returns:
        (changed relpaths sorted, added + removed lines of a unified diff). A binary or
        undecodable file counts as changed with 0 lines.
    """
    a, b = _tree_files(before), _tree_files(after)
    changed: list[str] = []
    lines = 0
    for rel in sorted(set(a) | set(b)):
        old = a[rel].read_bytes() if rel in a else b""
        new = b[rel].read_bytes() if rel in b else b""
        if old == new:
            continue
        changed.append(rel)
        try:
            old_l = old.decode("utf-8").splitlines()
            new_l = new.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            continue
        for d in difflib.unified_diff(old_l, new_l, lineterm="", n=0):
            if d.startswith(("+++", "---")):
                continue
            if d.startswith(("+", "-")):
                lines += 1
    return changed, lines


def restore_test_files(task: Task, tree: Path, changed: Sequence[str]) -> list[str]:
    """Put the task's test infrastructure back as it was before scoring ``tree``.

    Every changed path that is protected (:func:`fixloop.workspace.is_protected`: tests,
    conftest.py, pytest configuration, files Python or pytest load by themselves) is restored
    from ``repo/`` or, when the agent created it, removed. The gate already refuses such
    changes; the eval does not rely on it, so a tampered test can never count as resolved.

    Returns:
        the protected paths among ``changed`` (the record's ``test_files_changed``).
    """
    from fixloop.workspace import is_protected

    touched = [rel for rel in changed if is_protected(rel)]
    for rel in touched:
        src, dst = task.repo_dir / rel, tree / rel
        if src.is_file():
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
        elif dst.is_file() or dst.is_symlink():
            dst.unlink()
    return touched


def scan_tree_change(before: Path, after: Path, changed: Sequence[str]) -> list[str]:
    """Test-machinery findings (:mod:`fixloop.tamper`) in the changed non-test Python files.

    Args:
        before: the task's ``repo/`` as the agent got it.
        after: the agent's final tree.
        changed: paths relative to both trees (from :func:`tree_diff`).

    Returns:
        ``"path:line: construct"`` strings; a run with any is never scored as resolved.
    """
    from fixloop.tamper import read_text, scan_paths
    from fixloop.workspace import is_protected

    findings = scan_paths(
        changed,
        lambda rel: read_text(before / rel),
        lambda rel: read_text(after / rel),
        is_protected,
    )
    return [str(f) for f in findings]


def score_tree(task: Task, tree: Path, runner: Any) -> dict[str, Any]:
    """Score a final tree against the task's hidden tests.

    ``hidden/`` is laid over a copy of the tree and the full suite runs; then, only when that does
    not resolve the task, the visible tests alone run, to tell "overfit" from "wrong".

    Both runs use the runner's pristine mode (the gate's): the real pytest runs even if the
    agent's tree holds files that shadow it, so a tree cannot fake its own score.

    Args:
        task: the task (its hidden files and test counts).
        tree: a private copy of the agent's final tree (left as it is; the hidden files go
            into a sibling folder ``<tree>-hidden``).
        runner: a :class:`fixloop.testrun.TestRunner` (``run("", pristine=True, root=...)`` ->
            :class:`fixloop.types.TestReport`).

    Returns:
        {"visible_ok", "resolved", "overfit", "collected", "expected_tests",
        "visible_collected" (None when the full run resolved the task: the visible tests are
        part of it), "outcome", "visible_outcome", "failing" (ids failing in the full run, at
        most 50), "tally", "visible_tally"}.
    """
    full_tree = tree
    if task.hidden_dir is not None:
        full_tree = tree.with_name(tree.name + "-hidden")
        shutil.copytree(tree, full_tree, symlinks=True)
        shutil.copytree(
            task.hidden_dir, full_tree, symlinks=True, dirs_exist_ok=True, ignore=COPY_IGNORE
        )
    full = runner.run("", pristine=True, root=full_tree)
    resolved = bool(full.ok and full.collected >= task.scoring_tests)
    if resolved:
        visible = None
        visible_ok = True
    else:
        visible = full if full_tree == tree else runner.run("", pristine=True, root=tree)
        visible_ok = bool(visible.ok and visible.collected >= task.visible_tests)
    return {
        "visible_ok": visible_ok,
        "resolved": resolved,
        "overfit": visible_ok and not resolved,
        "collected": full.collected,
        "expected_tests": task.scoring_tests,
        "visible_collected": None if visible is None else visible.collected,
        "outcome": str(full.outcome.value),
        "visible_outcome": "passed" if visible is None else str(visible.outcome.value),
        "failing": list(full.failing_ids)[:50],
        "tally": render.tally(full),
        "visible_tally": render.tally(full if visible is None else visible),
    }


@dataclasses.dataclass(frozen=True)
class ScoringLimits:
    """The time limits of a run's scoring test runs.

    Attributes:
        limits: the sandbox :class:`fixloop.types.Limits` (``wall_s``: one scoring run).
        per_test_s: seconds one test may take (fixloop's pytest plugin stops it alone).
        source: ``"baseline"`` (derived from the agent's baseline) or ``"caps"`` (no baseline:
            ``test_timeout_s`` and ``per_test_timeout_s``, as the baseline itself runs).
    """

    limits: Any
    per_test_s: float
    source: str

    def to_json(self) -> dict[str, Any]:
        """The record's ``score_limits``: test_run_s, per_test_s, source."""
        return {
            "test_run_s": round(float(self.limits.wall_s), 3),
            "per_test_s": round(self.per_test_s, 3),
            "source": self.source,
        }


def baseline_report(trajectory: Path | None) -> dict[str, Any] | None:
    """The ``report`` of the first ``baseline`` event of a trajectory file, or None.

    None when there is no file, no such event, or the file cannot be read (a run killed early
    leaves a truncated last line, which is skipped).
    """
    if trajectory is None or not trajectory.is_file():
        return None
    try:
        lines = trajectory.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return None
    for line in lines:
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue
        if isinstance(event, dict) and event.get("type") == "baseline":
            report = event.get("report")
            return report if isinstance(report, dict) else None
    return None


def scoring_limits(settings: Any, baseline: Mapping[str, Any] | None, tests: int) -> ScoringLimits:
    """The scoring runs' limits, derived as every later run of ``fixloop fix`` derives its own.

    ``settings.timeouts.derive(B, T)`` (:meth:`fixloop.config.TimeoutSettings.derive`) with ``T``
    the baseline's slowest test that was not stopped and ``B`` its seconds without the stopped
    tests, times ``tests / collected`` when the scoring run holds more tests than the baseline
    collected (``hidden/`` adds tests; the factor is never below 1).

    Args:
        settings: the run's :class:`fixloop.config.Settings` (the user's config, the suite's
            ``[defaults]`` and the variant's settings: what the agent ran with).
        baseline: the agent's baseline :class:`fixloop.types.TestReport` as a dict
            (:func:`baseline_report`), or None.
        tests: tests the scoring run must collect (:attr:`fixloop.eval.suite.Task.scoring_tests`).

    Returns:
        the :class:`ScoringLimits`.
    """
    caps = settings.to_limits()
    if not baseline or not isinstance(baseline.get("duration_s"), (int, float)):
        return ScoringLimits(caps, float(settings.timeouts.per_test_timeout_s), "caps")
    seconds = max(0.0, float(baseline["duration_s"]) - float(baseline.get("hung_s") or 0.0))
    collected = int(baseline.get("collected") or 0)
    if collected > 0 and tests > collected:
        seconds *= tests / collected
    derived = settings.timeouts.derive(seconds, float(baseline.get("slowest_s") or 0.0))
    limits = dataclasses.replace(caps, wall_s=derived.test_run_s)
    return ScoringLimits(limits, derived.per_test_s, "baseline")


def score_run(
    task: Task,
    repo: Path,
    result: dict[str, Any] | None,
    tree: Path,
    *,
    sandbox: Any,
    log_dir: Path,
    limits: ScoringLimits | None = None,
) -> dict[str, Any]:
    """Score one finished run: take its tree out, look at the change, run the hidden tests.

    Args:
        task: the task.
        repo: the run's task repository (the agent worked on it or on its worktrees).
        result: the agent's ``--json`` object, or None.
        tree: a folder that does not exist yet, outside ``repo`` (the tree to score goes there;
            ``<tree>-hidden`` is used too).
        sandbox: a :class:`fixloop.sandbox.Sandbox` for the test runs.
        log_dir: the folder for the test runs' logs.
        limits: the test runs' time limits (:func:`scoring_limits`); None: the default settings'
            caps.

    Returns:
        tree_source, files_changed, diff_lines, outside_expected (changed files not among the
        task's ``expected_files``; empty when it names none), test_files_changed,
        suspicious_changes, score_limits (:meth:`ScoringLimits.to_json`), the fields of
        :func:`score_tree`, and score_s (seconds of the test runs). A run with suspicious changes is never resolved nor overfit (the caller adds
        their number to the record's ``tamper_detected``).

    Raises:
        fixloop.git.GitError: git cannot read the agent's commit.
        SandboxUnavailable: the sandbox cannot run the tests.
    """
    from fixloop.testrun import TestRunner

    fields: dict[str, Any] = {"tree_source": materialize_result(repo, result, tree)}
    changed, diff_lines = tree_diff(task.repo_dir, tree)
    expected = set(task.expected_files)
    fields["files_changed"] = changed
    fields["diff_lines"] = diff_lines
    fields["outside_expected"] = [f for f in changed if expected and f not in expected]
    fields["test_files_changed"] = restore_test_files(task, tree, changed)
    fields["suspicious_changes"] = scan_tree_change(task.repo_dir, tree, changed)
    if limits is None:
        from fixloop.config import Settings

        limits = scoring_limits(Settings(), None, task.scoring_tests)
    fields["score_limits"] = limits.to_json()
    t1 = time.monotonic()
    runner = TestRunner(
        tree,
        sandbox,
        test_cmd=list(task.test_cmd),
        log_dir=log_dir,
        limits=limits.limits,
        per_test_s=limits.per_test_s,
    )
    fields.update(score_tree(task, tree, runner))
    if fields["suspicious_changes"]:
        # in-process code could have altered what the hidden tests reported: never resolved
        fields["resolved"] = False
        fields["overfit"] = False
    fields["score_s"] = round(time.monotonic() - t1, 3)
    return fields


__all__ = [
    "COPY_IGNORE",
    "ScoringLimits",
    "baseline_report",
    "scoring_limits",
    "make_task_repo",
    "materialize_result",
    "restore_test_files",
    "scan_tree_change",
    "score_run",
    "score_tree",
    "tree_diff",
]
