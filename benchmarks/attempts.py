"""Benchmark ``--attempts 3 --jobs 2`` against ``--attempts 1`` with the offline engine.

For each task of a bug suite (format: ../shared/benchdata/README.md; default the dev suite) this
script makes a one-commit repository of the task's ``repo/`` (as benchmarks/bugsuite.py does),
runs ``fixloop fix --json --model repair`` on it once with ``--attempts 1`` and once with
``--attempts 3 --jobs 2`` (each in a fresh copy and a fresh ``FIXLOOP_HOME``), takes the run's
branch (the base commit when nothing was committed), lays the task's ``hidden/`` tests over it and
runs the task's test command in the sandbox. A task is *resolved* when every test passes and at
least as many tests were collected as the visible and hidden files hold. Seconds are the wall
time of the fix run alone.

It prints one line per task and mode, then for each mode: resolved, verified, total and median
seconds, and the ratios (3 attempts / 1 attempt) of the wall time.

Usage::

    python benchmarks/attempts.py [--suite DIR] [--tasks a,b] [--attempts 3] [--jobs 2]
                                  [--timeout S] [--json OUT]

Exits 0 with a message when the suite is absent (a clone without ../shared).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bugsuite  # noqa: E402 - the suite helpers of benchmarks/bugsuite.py

DEFAULT_SUITE = Path(os.environ.get("FIXLOOP_SHARED", ROOT.parent / "shared")) / (
    "benchdata/bugsuite-dev"
)


@dataclass
class ModeResult:
    """One task in one mode: the outcome and the fix run's wall time."""

    task: str
    mode: str
    outcome: str  # resolved | overfit | not_fixed | error
    verified: bool
    seconds: float
    detail: str = ""


def fix(repo: Path, home: Path, extra: list[str], timeout: float) -> tuple[dict[str, Any], float]:
    """Run ``fixloop fix --json --model repair EXTRA REPO``; return (JSON object, seconds)."""
    env = {k: v for k, v in os.environ.items() if not k.endswith("_API_KEY")}
    env.pop("OPENAI_BASE_URL", None)
    env["FIXLOOP_HOME"] = str(home)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    argv = [sys.executable, "-m", "fixloop", "fix", "--json", "--model", "repair", *extra]
    t0 = time.monotonic()
    try:
        p = subprocess.run(
            [*argv, str(repo)], env=env, capture_output=True, text=True, timeout=timeout
        )
    except subprocess.TimeoutExpired:
        return {"status": "timeout"}, time.monotonic() - t0
    seconds = time.monotonic() - t0
    try:
        return json.loads(p.stdout), seconds
    except ValueError:
        return {"status": "error", "summary": p.stderr[-300:]}, seconds


def run_mode(
    task: Path, suite: Path, mode: str, extra: list[str], args: Any, sandbox: Any
) -> ModeResult:
    """Fix ``task`` in one mode and score the result with its hidden tests."""
    _, test_cmd = bugsuite._task_meta(suite, task)
    with tempfile.TemporaryDirectory(prefix=f"attempts-{task.name}-") as tmp:
        work = Path(tmp)
        repo = work / "repo"
        bugsuite._make_repo(task / "repo", repo)
        expected_tree = work / "expected"
        bugsuite._export(repo, "HEAD", expected_tree)
        if (task / "hidden").is_dir():
            bugsuite._overlay(task / "hidden", expected_tree)
        runner = bugsuite._runner(expected_tree, sandbox, test_cmd, work / "logs-exp")
        expected = runner.run("").collected
        data, seconds = fix(repo, work / "home", extra, args.timeout)
        verified = bool(data.get("verified"))
        final = work / "final"
        bugsuite._export(repo, data.get("branch") or "HEAD", final)
        if (task / "hidden").is_dir():
            bugsuite._overlay(task / "hidden", final)
        report = bugsuite._runner(final, sandbox, test_cmd, work / "logs-score").run("")
        hidden_ok = report.ok and report.collected >= expected
        outcome = (
            "resolved"
            if hidden_ok and verified
            else "overfit"
            if verified
            else "error"
            if data.get("status") in ("error", "timeout")
            else "not_fixed"
        )
        won = [a["index"] for a in data.get("attempts") or [] if a.get("won")]
        detail = f"{data.get('status')}" + (f", attempt {won[0]} won" if won else "")
        return ModeResult(task.name, mode, outcome, verified, round(seconds, 1), detail)


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (0 also when the suite is absent)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="suite folder")
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--attempts", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=float, default=600.0, help="seconds per fix run")
    ap.add_argument("--json", type=Path, default=None, help="write the results here")
    args = ap.parse_args(argv)
    suite: Path = args.suite
    if not suite.is_dir():
        print(f"attempts: no suite at {suite}; nothing to run (skipped)")
        return 0
    tasks = bugsuite.select_tasks(suite, args.tasks)
    if not tasks:
        print("attempts: no task selected")
        return 0
    from fixloop.sandbox import make_sandbox

    sandbox = make_sandbox("auto")
    many = f"attempts{args.attempts}-jobs{args.jobs}"
    modes = {
        "attempts1": ["--attempts", "1"],
        many: ["--attempts", str(args.attempts), "--jobs", str(args.jobs)],
    }
    print(f"attempts: {len(tasks)} tasks from {suite}, modes {', '.join(modes)}")
    results: list[ModeResult] = []
    for task in tasks:  # one task at a time: the attempts mode uses the cores itself
        for mode, extra in modes.items():
            try:
                r = run_mode(task, suite, mode, extra, args, sandbox)
            except Exception as exc:  # noqa: BLE001 - one task's crash is that task's result
                r = ModeResult(task.name, mode, "error", False, 0.0, f"{type(exc).__name__}: {exc}")
            results.append(r)
            print(
                f"{r.task:28} {r.mode:18} {r.outcome:10} {r.seconds:7.1f} s  {r.detail}", flush=True
            )
    summary: dict[str, dict[str, Any]] = {}
    for mode in modes:
        rs = [r for r in results if r.mode == mode]
        secs = [r.seconds for r in rs]
        summary[mode] = {
            "resolved": sum(r.outcome == "resolved" for r in rs),
            "verified": sum(r.verified for r in rs),
            "tasks": len(rs),
            "total_s": round(sum(secs), 1),
            "median_s": round(statistics.median(secs), 1),
        }
    print()
    for mode, s in summary.items():
        print(
            f"{mode:18} resolved {s['resolved']}/{s['tasks']}, verified {s['verified']}, "
            f"wall {s['total_s']:.1f} s total, median {s['median_s']:.1f} s per task"
        )
    one, more = summary["attempts1"], summary[many]
    if one["total_s"] > 0 and one["median_s"] > 0:
        print(
            f"ratio {many} / attempts1: total wall {more['total_s'] / one['total_s']:.2f}, "
            f"median {more['median_s'] / one['median_s']:.2f}; "
            f"resolved {more['resolved'] - one['resolved']:+d}"
        )
    if args.json:
        args.json.write_text(
            json.dumps({"results": [asdict(r) for r in results], "summary": summary}, indent=2),
            encoding="utf-8",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
