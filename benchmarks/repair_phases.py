"""Where one ``fixloop fix --model repair`` run spends its time, phase by phase (issue 19).

For each task of a bug suite (the format of ``benchmarks/bugsuite.py``) this script makes the
task's repository (``bugsuite._make_repo``), runs the offline engine through the Python API in
this process (:class:`fixloop.api.CodingAgent` with a :class:`fixloop.models.repair.RepairModel`),
and splits the run into phases by its events, each with its wall-clock and its CPU seconds
(user + system of this process and of the sandboxed runs it waited for:
:func:`fixloop.repair.engine.cpu_seconds`). CPU seconds are what a loaded machine does not blur:
on 2 cores shared by many sessions, wall-clock seconds follow the load average. The sandbox is
``none`` by default (``--sandbox bwrap`` for the real one): a bwrap run's processes live in their
own PID namespace, and their CPU time never reaches this process's children's account.

Phases: ``import`` (a fresh ``python -c "import fixloop.cli"``, measured apart, the CLI's start-up),
``setup`` (settings, worktree, sandbox: up to the ``run_start`` event), ``baseline`` (the
baseline run, up to the ``baseline`` event), ``pre_model`` (the flaky re-run of the failing
tests and the rest up to the first model call), the engine's own phases (``Analysis.phases``:
``copy``, ``trace``, ``rank``, ``generate``, ``screen``, ``second_round``, ``judge``, and
``engine_other`` for the rest of the first model call), ``apply_check`` (the edits and the
``run_tests`` check: the model's later calls and their tools), ``gate`` (the claim to the
``gate_verdict`` event) and ``finish`` (commit, clean-up).

Usage::

    python benchmarks/repair_phases.py [--suite DIR] [--tasks a,b] [--sandbox none] [--json OUT]

Prints one row per task and the per-phase median; exits 0 with a message when the suite is
absent.
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
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from bugsuite import DEFAULT_SUITE, _make_repo, select_tasks  # noqa: E402

ENGINE_PHASES = ("copy", "trace", "rank", "generate", "screen", "second_round", "judge")
ORDER = (
    "import",
    "setup",
    "baseline",
    "pre_model",
    *ENGINE_PHASES,
    "engine_other",
    "apply_check",
    "gate",
    "finish",
)


def import_cost() -> tuple[float, float]:
    """Wall and CPU seconds of a fresh interpreter importing ``fixloop.cli`` (best of 3)."""
    import resource

    best = (float("inf"), float("inf"))
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        subprocess.run(
            [sys.executable, "-c", "import fixloop.cli"],
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            check=True,
        )
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        best = min(best, (wall, cpu))
    return best


def profile_task(task: Path, sandbox: str = "none") -> dict[str, Any]:
    """Run the engine on one task through the API; its phases as ``{phase: [wall, cpu]}``."""
    from fixloop.api import CodingAgent
    from fixloop.models.repair import RepairModel
    from fixloop.repair.engine import cpu_seconds

    marks: list[tuple[str, float, float]] = []

    def mark(name: str) -> None:
        marks.append((name, time.monotonic(), cpu_seconds()))

    class Timed(RepairModel):
        """The repair model with its calls' start and end marked."""

        def __call__(self, system: str, messages: list[Any], tools: list[Any]) -> Any:
            mark("call_start")
            reply = super().__call__(system, messages, tools)
            mark("call_end_turn" if reply.get("stop_reason") == "end_turn" else "call_end")
            return reply

    model = Timed()
    with tempfile.TemporaryDirectory(prefix=f"phases-{task.name}-") as tmp:
        repo = Path(tmp) / "repo"
        _make_repo(task / "repo", repo)
        os.environ["FIXLOOP_HOME"] = str(Path(tmp) / "home")
        mark("start")
        result = CodingAgent(
            model,
            repo,
            on_event=lambda kind, data: mark(kind),
            max_wall_s=600,
            sandbox=sandbox,
            allow_unsandboxed=sandbox == "none",
        ).run()
        mark("end")
    at = {}
    for name, wall, cpu in marks:  # the first of each kind
        at.setdefault(name, (wall, cpu))
    calls = [(n, w, c) for n, w, c in marks if n.startswith("call_")]
    first_end = next((m for m in calls if m[0] != "call_start"), None)
    claim = next((m for m in calls if m[0] == "call_end_turn"), None)
    phases: dict[str, list[float]] = {}

    def span(name: str, a: tuple[float, float] | None, b: tuple[float, float] | None) -> None:
        if a is not None and b is not None:
            phases[name] = [b[0] - a[0], b[1] - a[1]]

    span("setup", at.get("start"), at.get("run_start"))
    span("baseline", at.get("run_start"), at.get("baseline"))
    span("pre_model", at.get("baseline"), at.get("call_start"))
    an = model.analysis
    engine = {k: list(v) for k, v in (an.phases if an is not None else {}).items()}
    phases.update(engine)
    if first_end is not None and "call_start" in at:
        whole = [first_end[1] - at["call_start"][0], first_end[2] - at["call_start"][1]]
        phases["engine_other"] = [
            whole[0] - sum(v[0] for v in engine.values()),
            whole[1] - sum(v[1] for v in engine.values()),
        ]
        if claim is not None and claim is not first_end:
            span("apply_check", first_end[1:], claim[1:])
    span("gate", claim[1:] if claim else None, at.get("gate_verdict"))
    span("finish", at.get("gate_verdict"), at.get("end"))
    total = [at["end"][0] - at["start"][0], at["end"][1] - at["start"][1]]
    return {
        "task": task.name,
        "status": str(result.status),
        "total": total,
        "phases": phases,
        "screened": len(an.tried) if an is not None else 0,
        "generated": an.generated if an is not None else 0,
    }


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; returns the exit code (0 also when the suite is absent)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE, help="suite folder")
    ap.add_argument("--tasks", default="", help="comma-separated task ids (default: all)")
    ap.add_argument("--json", type=Path, default=None, help="write the results here")
    ap.add_argument("--sandbox", default="none", help="none (CPU counted), bwrap, auto...")
    args = ap.parse_args(argv)
    if not args.suite.is_dir():
        print(f"repair_phases: no suite at {args.suite}; nothing to run (skipped)")
        return 0
    tasks = select_tasks(args.suite, args.tasks)
    imp = import_cost()
    rows = []
    for task in tasks:
        row = profile_task(task, args.sandbox)
        row["phases"]["import"] = list(imp)
        rows.append(row)
        cells = " ".join(
            f"{k}={row['phases'][k][1]:.1f}" for k in ORDER if k in row["phases"]
        )
        print(
            f"{task.name:24} {row['status']:10} wall {row['total'][0]:6.1f} s cpu "
            f"{row['total'][1]:6.1f} s ({row['generated']} generated, {row['screened']} "
            f"screened) cpu by phase: {cells}",
            flush=True,
        )
    print(f"\n{'phase':14} {'median wall s':>14} {'median cpu s':>13}")
    for k in ORDER:
        vals = [r["phases"][k] for r in rows if k in r["phases"]]
        if vals:
            wall = statistics.median(v[0] for v in vals)
            cpu = statistics.median(v[1] for v in vals)
            print(f"{k:14} {wall:14.2f} {cpu:13.2f}")
    if args.json:
        args.json.write_text(json.dumps({"import": imp, "rows": rows}, indent=2), "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
