"""Running a suite: tasks x epochs, in parallel, each run isolated, scored with hidden tests.

One run (:func:`run_one`):

1. ``repo/`` of the task is copied into a fresh temporary folder and committed as the only
   commit of a new git repository. Nothing of ``hidden/``, ``solution.patch`` or the suite
   folder is copied there.
2. The agent runs on it as a separate process: ``python -m fixloop fix TMP --json --model M
   --task PROMPT --sandbox S --timeout T`` with its own ``FIXLOOP_HOME`` (trajectories,
   worktrees) and its own ``FIXLOOP_CONFIG`` (the user's config plus the task's ``test_cmd`` and
   the suite's budgets). T is its own wall-clock budget; if it overruns that by
   :data:`HARD_GRACE_S`, its process group gets SIGINT (so it can commit its work), then SIGKILL.
   ``--jobs N`` keeps up to N such processes running at once.
3. The agent's final tree is taken from its branch (``head_commit``), else from its worktree,
   else the unchanged base, and extracted into ANOTHER temporary folder; ``hidden/`` is copied
   over a copy of it and the full suite runs through fixloop's sandbox and
   :class:`fixloop.testrun.TestRunner` in pristine mode; when that does not resolve the task,
   the visible tests run alone on the hidden-free copy. Only then have hidden files touched
   disk outside the suite.
   Test files the agent changed anyway are put back first (:func:`restore_test_files`).
4. Resolved = the full run passes and collected at least as many tests as ``repo/`` and
   ``hidden/`` hold (:attr:`fixloop.eval.suite.Task.scoring_tests`). Plausible but overfit =
   the visible tests pass, the full run does not.

Run records are appended to ``OUT/runs.jsonl`` as each run finishes; re-running with the same
``OUT`` skips every (task, epoch, model) already there, so an interrupted eval resumes.
"""

from __future__ import annotations

import difflib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
import tomllib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from fixloop.errors import ConfigError, UsageError
from fixloop.eval.metrics import latest_records
from fixloop.eval.suite import IGNORED_DIRS, Suite, Task, load_suite
from fixloop.git import git

RUNS_FILE = "runs.jsonl"

#: Seconds past its own ``--timeout`` budget before the agent process is stopped from outside.
HARD_GRACE_S = 30.0

#: Seconds the agent gets after SIGINT (on timeout) to commit its work before SIGKILL.
KILL_GRACE_S = 10.0

_GIT_ENV = {
    "GIT_AUTHOR_NAME": "fixloop-eval",
    "GIT_AUTHOR_EMAIL": "fixloop-eval@localhost",
    "GIT_COMMITTER_NAME": "fixloop-eval",
    "GIT_COMMITTER_EMAIL": "fixloop-eval@localhost",
    "GIT_CONFIG_NOSYSTEM": "1",
}

_COPY_IGNORE = shutil.ignore_patterns("__pycache__", ".pytest_cache", ".git", "*.pyc")


@dataclass
class EvalConfig:
    """Settings of one ``fixloop eval`` invocation.

    Attributes:
        suite: the suite folder.
        model: the model spec given to every run (``--model``).
        epochs: runs per task (k of pass@k goes up to it).
        jobs: runs in parallel (agent processes alive at once).
        out: output folder; None: ``eval-out/<suite name>-<model slug>``.
        tasks: a task filter (comma-separated ids or globs), None for all.
        timeout_s: wall-clock limit of one agent run, seconds.
        sandbox: sandbox kind for scoring and for the agent (``auto``, ``bwrap``, ``docker``,
            ``podman``, ``none``; ``none`` is the explicit opt-in to run unsandboxed).
        quiet: no progress bar and no terminal table.
        keep: keep each run's temporary folders (for debugging); their paths go in the record.
        agent_cmd: the command that starts fixloop (default ``[sys.executable, "-m", "fixloop"]``);
            ``fix ...`` arguments are appended.
        extra_args: more arguments for every ``fix`` call (e.g. budget flags).
    """

    suite: Path
    model: str = "auto"
    epochs: int = 1
    jobs: int = 1
    out: Path | None = None
    tasks: str | None = None
    timeout_s: float = 600.0
    sandbox: str = "auto"
    quiet: bool = False
    keep: bool = False
    agent_cmd: Sequence[str] | None = None
    extra_args: Sequence[str] = field(default_factory=tuple)


# --------------------------------------------------------------------------------------------
# runs.jsonl
# --------------------------------------------------------------------------------------------


def read_runs(path: Path, *, on_bad_line: Callable[[int, str], None] | None = None) -> list[dict]:
    """The run records in a ``runs.jsonl`` file, in file order.

    A line that does not parse (a run killed while writing) is skipped and reported through
    ``on_bad_line(line_number, text)``. A missing file holds no records.
    """
    if not path.is_file():
        return []
    records: list[dict] = []
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            rec = None
        if not isinstance(rec, dict) or "task" not in rec or "epoch" not in rec:
            if on_bad_line:
                on_bad_line(i, line[:80])
            continue
        records.append(rec)
    return records


def run_key(task: str, epoch: int, model: str) -> tuple[str, int, str]:
    """The identity of a run for resuming: (task id, epoch, model spec)."""
    return (task, int(epoch), model)


def pending_runs(
    tasks: Sequence[Task], epochs: int, model: str, done: Iterable[dict]
) -> list[tuple[Task, int]]:
    """The (task, epoch) pairs still to run, epoch-major (every task's epoch 0 first).

    Args:
        tasks: the selected tasks.
        epochs: epochs asked for (0 .. epochs-1).
        model: the model spec.
        done: records already in ``runs.jsonl`` (any model; only this model's count).
    """
    seen = {run_key(r["task"], r["epoch"], r.get("model", "")) for r in done}
    return [(t, e) for e in range(epochs) for t in tasks if run_key(t.id, e, model) not in seen]


class RunLog:
    """Appends records to ``runs.jsonl``, one line each, safely from several threads."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()

    def append(self, record: dict[str, Any]) -> None:
        """Write ``record`` as one JSON line and flush it to disk."""
        line = json.dumps(record, sort_keys=True, default=str) + "\n"
        with self._lock, self.path.open("a", encoding="utf-8") as fh:
            fh.write(line)
            fh.flush()
            os.fsync(fh.fileno())


# --------------------------------------------------------------------------------------------
# One run
# --------------------------------------------------------------------------------------------


def slug(text: str) -> str:
    """A file-name-safe form of ``text`` (model specs contain ':' and '/')."""
    s = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")
    return s[:80] or "model"


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return git(cwd, *args, check=check, env=_GIT_ENV, binary=True, config=("commit.gpgsign=false",))


def make_task_repo(task: Task, dest: Path) -> str:
    """Copy ``task.repo_dir`` to ``dest`` and make it a git repository with one commit.

    Returns:
        the commit id (40 hex digits).

    Raises:
        fixloop.git.GitError: git failed.
    """
    shutil.copytree(task.repo_dir, dest, symlinks=True, ignore=_COPY_IGNORE)
    _git(dest, "init", "-q", "-b", "main")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "--no-verify", "-m", f"task {task.id}")
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

    Returns:
        ``"head_commit"``, ``"worktree"``, ``"branch"`` or ``"base"``.
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
            shutil.copytree(tree, dest, symlinks=True, ignore=_COPY_IGNORE)
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


def _parse_result(stdout: str) -> dict[str, Any] | None:
    """The ``--json`` object from the agent's stdout (the last JSON object line, else all)."""
    text = stdout.strip()
    if not text:
        return None
    try:
        obj = json.loads(text)
        return obj if isinstance(obj, dict) else None
    except json.JSONDecodeError:
        pass
    for line in reversed(text.splitlines()):
        line = line.strip()
        if line.startswith("{"):
            try:
                obj = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(obj, dict):
                return obj
    return None


def _last_line(text: str, limit: int = 400) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    return lines[-1][:limit] if lines else ""


def _default_agent_cmd() -> list[str]:
    return [sys.executable, "-m", "fixloop"]


def _agent_env(home: Path) -> dict[str, str]:
    """The agent process's environment: ours, plus its own FIXLOOP_HOME and a git identity.

    The folder that holds the ``fixloop`` package goes first on PYTHONPATH so the child runs
    the same fixloop as this process, installed or not.
    """
    import fixloop

    pkg_parent = str(Path(fixloop.__file__).resolve().parent.parent)
    env = {**os.environ, **_GIT_ENV, "FIXLOOP_HOME": str(home)}
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (pkg_parent, os.environ.get("PYTHONPATH", "")) if p
    )
    env.pop("FIXLOOP_SHARED", None)
    return env


class EvalInterrupted(Exception):
    """The eval is stopping (Ctrl-C): the run is dropped unscored and unrecorded."""


class ProcessRegistry:
    """The agent processes alive right now, so an interrupt can end every one of them."""

    def __init__(self) -> None:
        self._procs: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self.stopping = False

    def add(self, p: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._procs.add(p)

    def discard(self, p: subprocess.Popen[bytes]) -> None:
        with self._lock:
            self._procs.discard(p)

    def kill_all(self) -> None:
        """SIGKILL the process group of every live agent process."""
        self.stopping = True
        with self._lock:
            procs = list(self._procs)
        for p in procs:
            _signal_group(p, signal.SIGKILL)


def _signal_group(p: subprocess.Popen[bytes], sig: int) -> None:
    try:
        os.killpg(p.pid, sig)
    except (ProcessLookupError, PermissionError):
        pass


def _run_agent(
    argv: Sequence[str],
    env: dict[str, str],
    timeout_s: float,
    registry: ProcessRegistry | None,
) -> tuple[int | None, str, str, bool, float]:
    """Run the agent process; returns (exit code, stdout, stderr, timed_out, wall seconds)."""
    t0 = time.monotonic()
    p = subprocess.Popen(
        list(argv),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=True,
    )
    if registry is not None:
        registry.add(p)
    timed_out = False
    try:
        try:
            out, err = p.communicate(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            timed_out = True
            _signal_group(p, signal.SIGINT)
            try:
                out, err = p.communicate(timeout=KILL_GRACE_S)
            except subprocess.TimeoutExpired:
                _signal_group(p, signal.SIGKILL)
                out, err = p.communicate()
    finally:
        if p.poll() is None:
            _signal_group(p, signal.SIGKILL)
            p.wait()
        if registry is not None:
            registry.discard(p)
    wall = time.monotonic() - t0
    return (
        p.returncode,
        out.decode("utf-8", errors="replace"),
        err.decode("utf-8", errors="replace"),
        timed_out,
        wall,
    )


def score_tree(task: Task, tree: Path, runner: Any) -> dict[str, Any]:
    """Score a final tree: ``hidden/`` laid over a copy of it, the full suite, then (only when
    that does not resolve the task) the visible tests alone, to tell "overfit" from "wrong".

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
            task.hidden_dir, full_tree, symlinks=True, dirs_exist_ok=True, ignore=_COPY_IGNORE
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
        "tally": full.tally(),
        "visible_tally": full.tally() if visible is None else visible.tally(),
    }


def run_one(
    task: Task,
    epoch: int,
    *,
    model: str,
    sandbox: Any,
    run_dir: Path,
    timeout_s: float = 600.0,
    sandbox_kind: str = "auto",
    agent_cmd: Sequence[str] | None = None,
    extra_args: Sequence[str] = (),
    budgets: dict[str, Any] | None = None,
    user_config: Path | None = None,
    keep: bool = False,
    registry: ProcessRegistry | None = None,
) -> dict[str, Any]:
    """Run the agent once on ``task`` and score the result.

    Args:
        task: the task.
        epoch: the epoch number (0-based).
        model: the ``--model`` spec.
        sandbox: a :class:`fixloop.sandbox.Sandbox` for scoring.
        run_dir: a folder for this run's logs (agent stdout/stderr, test logs, trajectory copy);
            emptied first.
        timeout_s: the run's wall-clock limit in seconds: the agent gets it as its own budget
            (``--timeout``) and is stopped from outside :data:`HARD_GRACE_S` seconds later.
        sandbox_kind: passed to the agent as ``--sandbox`` (``none`` adds
            ``--allow-unsandboxed``: the eval was told ``--sandbox none`` explicitly).
        agent_cmd: the fixloop command (default ``python -m fixloop``).
        extra_args: more ``fix`` arguments.
        budgets: the suite's ``[defaults]`` budgets (see :func:`agent_config`).
        user_config: the user's fixloop config file, merged into the run's config.
        keep: keep the temporary folders.
        registry: where live agent processes are registered for interrupts.

    Returns:
        the run record (JSON-ready dict): task, kind, epoch, model, status, exit_code,
        verified, resolved, overfit, visible_ok, collected, expected_tests, outcome, failing,
        steps, test_runs, verifications, input_tokens, output_tokens, cost_usd, wall_s,
        score_s, files_changed, outside_expected, diff_lines, test_files_changed,
        suspicious_changes (test-machinery findings; such a run is never resolved),
        refused_test_edits, false_success_claims, tamper_detected, tool_errors, loop_warnings,
        timed_out, tree_source, error, trajectory, finished_at.

    Raises:
        UsageError: the agent refused its arguments (exit code 2 and no JSON): every other run
            would fail the same way.
    """
    from fixloop.testrun import TestRunner

    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    tmp = Path(tempfile.mkdtemp(prefix=f"fixloop-eval-{slug(task.id)}-"))
    record: dict[str, Any] = {
        "task": task.id,
        "kind": task.kind,
        "epoch": epoch,
        "model": model,
        "error": None,
    }
    try:
        repo = tmp / "repo"
        base = make_task_repo(task, repo)
        home = tmp / "home"
        home.mkdir()
        config = tmp / "config.toml"
        config.write_text(
            toml_dumps(agent_config(task, budgets or {}, user_config)), encoding="utf-8"
        )
        argv = [
            *(agent_cmd or _default_agent_cmd()),
            "fix",
            str(repo),
            "--json",
            "--model",
            model,
            "--task",
            task.prompt,
            "--sandbox",
            sandbox_kind,
            *(["--allow-unsandboxed"] if sandbox_kind == "none" else []),
            "--timeout",
            f"{timeout_s:g}",
            *extra_args,
        ]
        env = {**_agent_env(home), "FIXLOOP_CONFIG": str(config)}
        code, out, err, timed_out, wall = _run_agent(argv, env, timeout_s + HARD_GRACE_S, registry)
        (run_dir / "agent.stdout").write_text(out, encoding="utf-8")
        (run_dir / "agent.stderr").write_text(err, encoding="utf-8")
        result = _parse_result(out)
        if code == 2 and result is None and not timed_out:
            raise UsageError(
                f"the agent refused its arguments (exit 2): {_last_line(err) or 'no message'}"
            )
        res = result or {}
        usage = res.get("usage") or {}
        counters = res.get("counters") or {}
        record.update(
            status=res.get("status") or ("timed_out" if timed_out else "crashed"),
            exit_code=code,
            verified=bool(res.get("verified")),
            steps=int(res.get("steps") or 0),
            test_runs=int(res.get("test_runs") or 0),
            verifications=int(res.get("verifications") or 0),
            input_tokens=int(usage.get("input_tokens") or 0),
            output_tokens=int(usage.get("output_tokens") or 0),
            cost_usd=usage.get("cost_usd") if result is not None else None,
            wall_s=round(wall, 3),
            timed_out=timed_out,
            refused_test_edits=int(counters.get("refused_test_edits") or 0),
            false_success_claims=int(counters.get("false_success_claims") or 0),
            tamper_detected=int(counters.get("tamper_detected") or 0),
            tool_errors=int(counters.get("tool_errors") or 0),
            loop_warnings=int(counters.get("loop_warnings") or 0),
            agent_summary=str(res.get("summary") or "")[:500],
        )
        if timed_out:
            record["error"] = f"killed after {timeout_s + HARD_GRACE_S:g} s (run timeout)"
        elif result is None:
            record["error"] = f"agent exit {code}, no JSON result: {_last_line(err) or 'no output'}"
        elif code not in (0, 1):
            record["error"] = f"agent exit {code}: {_last_line(str(res.get('summary') or err))}"
        traj = res.get("trajectory")
        if isinstance(traj, str) and Path(traj).is_file():
            shutil.copy2(traj, run_dir / "trajectory.jsonl")
            record["trajectory"] = str(run_dir / "trajectory.jsonl")
        # Score in another folder: the agent's tree never sees the hidden files.
        tree = tmp / "score"
        record["tree_source"] = materialize_result(repo, result, tree)
        record["base_commit"] = base
        changed, diff_lines = tree_diff(task.repo_dir, tree)
        record["files_changed"] = changed
        record["diff_lines"] = diff_lines
        expected = set(task.expected_files)
        record["outside_expected"] = [f for f in changed if expected and f not in expected]
        record["test_files_changed"] = restore_test_files(task, tree, changed)
        record["suspicious_changes"] = scan_tree_change(task.repo_dir, tree, changed)
        t1 = time.monotonic()
        runner = TestRunner(tree, sandbox, test_cmd=list(task.test_cmd), log_dir=run_dir / "logs")
        record.update(score_tree(task, tree, runner))
        if record["suspicious_changes"]:
            # in-process code could have altered what the hidden tests reported: never resolved
            record["resolved"] = False
            record["overfit"] = False
            record["tamper_detected"] = record.get("tamper_detected", 0) + len(
                record["suspicious_changes"]
            )
        record["score_s"] = round(time.monotonic() - t1, 3)
    except (UsageError, EvalInterrupted):
        raise
    except Exception as exc:  # a broken run is a record, not the end of the eval
        record.setdefault("status", "harness_error")
        record["error"] = f"{type(exc).__name__}: {exc}"[:500]
        record.setdefault("resolved", False)
        record.setdefault("overfit", False)
    finally:
        if keep:
            record["tmp_dir"] = str(tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    record.setdefault("resolved", False)
    record.setdefault("overfit", False)
    record["finished_at"] = datetime.now(UTC).isoformat(timespec="seconds")
    return record


# --------------------------------------------------------------------------------------------
# The whole eval
# --------------------------------------------------------------------------------------------


def default_out(suite: Suite, model: str) -> Path:
    """``eval-out/<suite name>-<model slug>`` under the current folder."""
    return Path("eval-out") / f"{slug(suite.name)}-{slug(model)}"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v)  # a JSON string is a valid TOML basic string
    if isinstance(v, list | tuple):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return (
            "{" + ", ".join(f"{json.dumps(str(k))} = {_toml_value(x)}" for k, x in v.items()) + "}"
        )
    raise ConfigError(f"cannot write {type(v).__name__} value {v!r} to a fixloop config")


def toml_dumps(data: dict[str, Any]) -> str:
    """Write a dict of str/int/float/bool/list/dict values as TOML (tables for nested dicts).

    Enough for fixloop's settings; ``tomllib.loads(toml_dumps(d)) == d`` for such dicts.
    """
    lines: list[str] = []
    tables: list[tuple[str, dict[str, Any]]] = []
    for k, v in data.items():
        if isinstance(v, dict):
            tables.append((json.dumps(str(k)), v))
        else:
            lines.append(f"{json.dumps(str(k))} = {_toml_value(v)}")
    while tables:
        name, table = tables.pop(0)
        lines.append(f"\n[{name}]")
        for k, v in table.items():
            if isinstance(v, dict):
                tables.append((f"{name}.{json.dumps(str(k))}", v))
            else:
                lines.append(f"{json.dumps(str(k))} = {_toml_value(v)}")
    return "\n".join(lines) + "\n"


def _settings_section(key: str) -> str | None:
    """The settings section (``budgets``, ``timeouts``, ...) that holds field ``key``, if any."""
    from fixloop.config import Settings

    for section in ("budgets", "timeouts", "caps", "limits"):
        sub = Settings.model_fields[section].annotation
        if key in getattr(sub, "model_fields", {}):
            return section
    return None


def agent_config(task: Task, budgets: dict[str, Any], user_config: Path | None) -> dict[str, Any]:
    """The user config one run's agent gets: the user's own, plus the task's settings.

    The task's ``test_cmd`` and the suite's ``[defaults]`` budgets go in as user settings (not
    repository ones), so the agent runs exactly the command that scoring runs and a suite can
    set, for instance, ``max_steps``. Nothing is written into the task's repository.

    Args:
        task: the task.
        budgets: ``suite.toml`` ``[defaults]`` except ``test_cmd`` (flat keys such as
            ``max_steps`` are put in their settings section).
        user_config: the user's config file (read when it exists), or None.

    Returns:
        the settings dict to write as the run's ``FIXLOOP_CONFIG``.

    Raises:
        ConfigError: the user's config does not parse.
    """
    data: dict[str, Any] = {}
    if user_config is not None and user_config.is_file():
        try:
            data = tomllib.loads(user_config.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{user_config}: {exc}") from None
    data["test_cmd"] = list(task.test_cmd)
    for key, value in budgets.items():
        section = _settings_section(key)
        if section is None:
            data[key] = value
        else:
            if not isinstance(data.get(section), dict):
                data[section] = {}
            data[section].pop(key, None)
            data[section][key] = value
            data.pop(key, None)
    return data


def run_eval(cfg: EvalConfig) -> dict[str, Any]:
    """Run (or resume) an eval and write its outputs.

    Args:
        cfg: the :class:`EvalConfig`.

    Returns:
        the summary dict written to ``summary.json`` (see :func:`fixloop.eval.report.build_summary`).

    Raises:
        ConfigError, UsageError: a bad suite, filter or option (exit code 2).
        SandboxUnavailable: the sandbox for scoring cannot start (exit code 3).
    """
    from fixloop.eval.report import build_summary, print_table, write_reports
    from fixloop.sandbox import kill_all_children, make_sandbox

    if cfg.epochs < 1 or cfg.jobs < 1:
        raise UsageError("--epochs and --jobs must be at least 1")
    suite = load_suite(cfg.suite)
    tasks = suite.select(cfg.tasks)
    out = Path(cfg.out) if cfg.out is not None else default_out(suite, cfg.model)
    out.mkdir(parents=True, exist_ok=True)
    err = Console(stderr=True, quiet=cfg.quiet)
    runs_path = out / RUNS_FILE
    existing = read_runs(
        runs_path,
        on_bad_line=lambda n, text: err.print(f"[yellow]{runs_path}:{n}: skipped a broken line"),
    )
    todo = pending_runs(tasks, cfg.epochs, cfg.model, existing)
    if existing and not cfg.quiet:
        err.print(
            f"resuming {out}: {len(tasks) * cfg.epochs - len(todo)} of "
            f"{len(tasks) * cfg.epochs} runs already done"
        )
    from fixloop.config import user_config_path

    user_config = user_config_path()
    sandbox = make_sandbox(cfg.sandbox, allow_unsandboxed=cfg.sandbox == "none") if todo else None
    log = RunLog(runs_path)
    registry = ProcessRegistry()
    runs_root = out / "runs" / slug(cfg.model)

    if todo:
        progress = Progress(
            TextColumn("[bold]eval[/] {task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err,
            disable=cfg.quiet,
        )
        with progress, ThreadPoolExecutor(max_workers=cfg.jobs) as pool:
            bar = progress.add_task(f"{suite.name} x {cfg.model}", total=len(todo))
            futures: dict[Future[dict[str, Any]], tuple[Task, int]] = {}
            for task, epoch in todo:
                fut = pool.submit(
                    run_one,
                    task,
                    epoch,
                    model=cfg.model,
                    sandbox=sandbox,
                    run_dir=runs_root / slug(task.id) / f"e{epoch}",
                    timeout_s=cfg.timeout_s,
                    sandbox_kind=cfg.sandbox,
                    agent_cmd=cfg.agent_cmd,
                    extra_args=cfg.extra_args,
                    budgets=suite.budgets,
                    user_config=user_config,
                    keep=cfg.keep,
                    registry=registry,
                )
                futures[fut] = (task, epoch)
            try:
                remaining = set(futures)
                while remaining:
                    done, remaining = wait(remaining, timeout=0.5, return_when=FIRST_COMPLETED)
                    for fut in done:
                        task, epoch = futures[fut]
                        try:
                            rec = fut.result()
                        except EvalInterrupted:
                            continue
                        except UsageError:
                            for f in remaining:
                                f.cancel()
                            registry.kill_all()
                            raise
                        log.append(rec)
                        mark = (
                            "[green]resolved"
                            if rec.get("resolved")
                            else "[yellow]overfit"
                            if rec.get("overfit")
                            else "[red]unresolved"
                        )
                        note = f" ({rec['error']})" if rec.get("error") else ""
                        progress.console.print(
                            f"{task.id} e{epoch}: {mark}[/] {rec.get('wall_s', 0):.1f}s{note}",
                            highlight=False,
                        )
                        progress.advance(bar)
            except BaseException:
                for f in futures:
                    f.cancel()
                registry.kill_all()
                kill_all_children()
                raise

    selected = {t.id for t in tasks}
    records = [
        r
        for r in latest_records(read_runs(runs_path))
        if r.get("model") == cfg.model and r.get("task") in selected and r["epoch"] < cfg.epochs
    ]
    summary = build_summary(records, suite=suite, tasks=tasks, model=cfg.model, epochs=cfg.epochs)
    write_reports(out, summary, records)
    if not cfg.quiet:
        print_table(summary, Console(), out=out)
    return summary


__all__ = [
    "EvalConfig",
    "RunLog",
    "materialize_result",
    "pending_runs",
    "read_runs",
    "run_eval",
    "run_one",
    "score_tree",
    "tree_diff",
]
