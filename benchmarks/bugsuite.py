"""Benchmark the offline repair engine on a bug suite, scored by the tasks' hidden tests.

For each task of the suite (format: ../shared/benchdata/README.md) this script:

1. copies the task's ``repo/`` into a temporary git repository (one commit);
2. runs ``fixloop fix --json --model repair`` on it (a subprocess, ``FIXLOOP_HOME`` in a temporary
   folder), or with ``--direct`` runs the engine itself (localize + generate + screen in a scratch
   copy, then applies the best plausible candidate), which measures the engine without the agent;
3. takes the final tree (the run's branch, or the base commit when nothing was committed), lays
   the task's ``hidden/`` files over it and runs the task's ``test_cmd`` in the sandbox.

A task is *resolved* when every test passes and at least as many tests were collected as the
visible and hidden files hold (counted by the same run on the original repo with ``hidden/``);
*plausible but overfit* when the visible tests pass (the gate verified the run) but hidden ones
fail; otherwise *not fixed*. Seconds are the wall-clock time of the fix run (not the scoring).

Usage::

    python benchmarks/bugsuite.py [--suite DIR] [--tasks a,b] [--jobs N] [--direct]
                                  [--timeout S] [--json OUT]

Exits 0 with a message when the suite is absent (a user's clone has no ../shared).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_SUITE = (
    Path(os.environ.get("FIXLOOP_SHARED", ROOT.parent / "shared")) / "benchdata" / "bugsuite-dev"
)
DEFAULT_TEST_CMD = "python -m pytest -q -p no:cacheprovider"
GIT_ENV = {
    "GIT_AUTHOR_NAME": "bugsuite",
    "GIT_AUTHOR_EMAIL": "bugsuite@example.invalid",
    "GIT_COMMITTER_NAME": "bugsuite",
    "GIT_COMMITTER_EMAIL": "bugsuite@example.invalid",
}

if str(ROOT / "src") not in sys.path:  # run from a checkout without installing
    sys.path.insert(0, str(ROOT / "src"))


@dataclass
class TaskResult:
    """One task's outcome: ``resolved`` | ``overfit`` | ``not_fixed`` | ``error``."""

    task: str
    kind: str
    outcome: str
    seconds: float
    visible_ok: bool = False
    hidden_ok: bool = False
    collected: int = 0
    expected: int = 0
    detail: str = ""


def _git(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        ["git", *args], cwd=cwd, env={**os.environ, **GIT_ENV}, capture_output=True, check=check
    )


def _make_repo(src: Path, dest: Path) -> None:
    shutil.copytree(src, dest, symlinks=True)
    _git(dest, "init", "-q", "-b", "main")
    _git(dest, "add", "-A")
    _git(dest, "commit", "-q", "-m", "task")


def _export(repo: Path, ref: str, dest: Path) -> None:
    """Write the tree of ``ref`` into ``dest`` (git archive, no checkout in ``repo``)."""
    data = _git(repo, "archive", "--format=tar", ref).stdout
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")


def _overlay(src: Path, dest: Path) -> None:
    for p in src.rglob("*"):
        if p.is_file():
            target = dest / p.relative_to(src)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, target)


def _task_meta(suite: Path, task: Path) -> tuple[str, str]:
    defaults: dict[str, Any] = {}
    suite_toml = suite / "suite.toml"
    if suite_toml.is_file():
        defaults = tomllib.loads(suite_toml.read_text(encoding="utf-8")).get("defaults", {})
    meta = tomllib.loads((task / "task.toml").read_text(encoding="utf-8"))
    test_cmd = meta.get("test_cmd") or defaults.get("test_cmd") or DEFAULT_TEST_CMD
    return str(meta.get("kind", "?")), str(test_cmd)


def select_tasks(suite: Path, ids: str) -> list[Path]:
    """The suite's task folders (those with a ``task.toml``), sorted; only the comma-separated
    ``ids`` when given (``""``: all)."""
    tasks = sorted(p for p in suite.iterdir() if (p / "task.toml").is_file())
    if ids:
        wanted = {t.strip() for t in ids.split(",") if t.strip()}
        tasks = [t for t in tasks if t.name in wanted]
    return tasks


def _runner(root: Path, sandbox: Any, test_cmd: str, log_dir: Path) -> Any:
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits

    return TestRunner(
        root, sandbox, test_cmd=test_cmd, limits=Limits(wall_s=120.0), log_dir=log_dir
    )


def _fix_cli(repo: Path, home: Path, timeout: float) -> tuple[str | None, bool, str]:
    """Run ``fixloop fix --json --model repair``; return (branch, verified, detail)."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env["FIXLOOP_HOME"] = str(home)
    env.pop("OPENAI_BASE_URL", None)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    argv = [sys.executable, "-m", "fixloop", "fix", "--json", "--model", "repair", str(repo)]
    try:
        p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, False, f"fixloop fix timed out after {timeout:.0f} s"
    try:
        data = json.loads(p.stdout)
    except ValueError:
        return None, False, f"no JSON from fixloop fix (exit {p.returncode}): {p.stderr[-300:]}"
    detail = f"{data.get('status')}, {data.get('steps')} steps"
    return data.get("branch"), bool(data.get("verified")), detail


def _fix_direct(repo: Path, work: Path, sandbox: Any, test_cmd: str) -> tuple[Path, str]:
    """Run the engine's analysis on ``repo`` and write the best plausible patch into a copy."""
    from fixloop.models.repair import port_from_context
    from fixloop.repair import RepairEngine
    from fixloop.types import ModelContext

    runner = _runner(repo, sandbox, test_cmd, work / "logs-direct")
    baseline = runner.run("", pristine=True)
    scratch = work / "scratch"
    scratch.mkdir()
    ctx = ModelContext(
        root=repo, task="", sandbox=sandbox, runner=runner, scratch_dir=scratch, baseline=baseline
    )
    an = RepairEngine().analyze(port_from_context(ctx))
    final = work / "final"
    _export(repo, "HEAD", final)
    if not an.plausible:
        return final, f"no plausible patch ({len(an.tried)} screened)"
    best = an.plausible[0]
    for cand in (best, *best.also):
        (final / cand.path).write_bytes(cand.new_source.encode("utf-8"))
    return final, f"{best.template} at {best.where()} ({len(an.tried)} screened)"


def run_task(suite: Path, task: Path, *, direct: bool, timeout: float, sandbox: Any) -> TaskResult:
    """Fix one task and score it with its hidden tests (see the module docstring)."""
    kind, test_cmd = _task_meta(suite, task)
    with tempfile.TemporaryDirectory(prefix=f"bugsuite-{task.name}-") as tmp:
        work = Path(tmp)
        repo = work / "repo"
        _make_repo(task / "repo", repo)
        # how many tests the visible and hidden files hold
        expected_tree = work / "expected"
        _export(repo, "HEAD", expected_tree)
        if (task / "hidden").is_dir():
            _overlay(task / "hidden", expected_tree)
        expected = _runner(expected_tree, sandbox, test_cmd, work / "logs-exp").run("").collected

        t0 = time.monotonic()
        if direct:
            final, detail = _fix_direct(repo, work, sandbox, test_cmd)
            seconds = time.monotonic() - t0
            visible_ok = _runner(final, sandbox, test_cmd, work / "logs-vis").run("").ok
        else:
            branch, visible_ok, detail = _fix_cli(repo, work / "home", timeout)
            seconds = time.monotonic() - t0
            final = work / "final"
            _export(repo, branch or "HEAD", final)
        if (task / "hidden").is_dir():
            _overlay(task / "hidden", final)
        report = _runner(final, sandbox, test_cmd, work / "logs-score").run("")
        hidden_ok = report.ok and report.collected >= expected
        if hidden_ok and visible_ok:
            outcome = "resolved"
        elif visible_ok:
            outcome = "overfit"
        else:
            outcome = "not_fixed"
        return TaskResult(
            task=task.name,
            kind=kind,
            outcome=outcome,
            seconds=round(seconds, 1),
            visible_ok=visible_ok,
            hidden_ok=hidden_ok,
            collected=report.collected,
            expected=expected,
            detail=detail,
        )


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (0 also when the suite is absent)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="suite folder")
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--jobs", type=int, default=1, help="tasks run in parallel")
    ap.add_argument("--direct", action="store_true", help="run the engine without the CLI")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per fix run")
    ap.add_argument("--json", type=Path, default=None, help="write the results here")
    args = ap.parse_args(argv)

    suite: Path = args.suite
    if not suite.is_dir():
        print(f"bugsuite: no suite at {suite}; nothing to run (skipped)")
        return 0
    tasks = select_tasks(suite, args.tasks)
    if not tasks:
        print("bugsuite: no task selected")
        return 0

    from fixloop.sandbox import make_sandbox

    sandbox = make_sandbox("auto")
    print(
        f"bugsuite: {len(tasks)} tasks from {suite} ({'direct engine' if args.direct else 'fixloop fix'}, sandbox {sandbox.name})"
    )

    def one(task: Path) -> TaskResult:
        try:
            r = run_task(suite, task, direct=args.direct, timeout=args.timeout, sandbox=sandbox)
        except Exception as exc:  # noqa: BLE001 - one task's crash is that task's result
            r = TaskResult(task.name, "?", "error", 0.0, detail=f"{type(exc).__name__}: {exc}")
        mark = {"resolved": "RESOLVED", "overfit": "OVERFIT", "not_fixed": "not fixed"}
        print(
            f"{r.task:28} {r.kind:34} {mark.get(r.outcome, r.outcome):10} {r.seconds:6.1f} s  "
            f"{r.detail}",
            flush=True,
        )
        return r

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(one, tasks))

    counts = {
        k: sum(r.outcome == k for r in results)
        for k in ("resolved", "overfit", "not_fixed", "error")
    }
    median = statistics.median(r.seconds for r in results)
    print(
        f"\ntotal {len(results)}: resolved {counts['resolved']}, plausible but overfit "
        f"{counts['overfit']}, not fixed {counts['not_fixed']}, errors {counts['error']}; "
        f"median {median:.1f} s, max {max(r.seconds for r in results):.1f} s per task"
    )
    if args.json:
        args.json.write_text(
            json.dumps(
                {"results": [asdict(r) for r in results], "counts": counts, "median_s": median},
                indent=2,
            ),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
