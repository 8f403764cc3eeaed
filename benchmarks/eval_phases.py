"""Where an eval's time goes: CPU-seconds of a whole process tree, and each run's phases.

Used by ``benchmarks/eval_scale.py`` (and runnable alone on an eval's output folder:
``python benchmarks/eval_phases.py OUT``).

- :func:`run_counted` runs a command and returns its wall time and the CPU-seconds (user +
  system) of every process it started, however deep: this process becomes a *child subreaper*
  (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``), so the agents' sandboxes, test runs and fork
  servers that outlive their parents are re-parented here and reaped, and their CPU time lands
  in ``getrusage(RUSAGE_CHILDREN)``. Wall time on a loaded machine says little; CPU-seconds say
  whether a change removed work.
- :func:`phases` reads an eval's ``runs.jsonl`` and each run's trajectory and splits the runs'
  time into phases (sums over the runs, seconds):

  ========== =================================================================================
  start      agent process start to its baseline result (imports, worktree, interpreter and
             sandbox probes, the baseline test run)
  engine     the model's calls (for the offline repair engine: localize, generate, screen)
  tools      the model's tool calls between its calls (edits, ``run_tests``)
  gate       the claim's verification (fresh checkout, full suite, second opinion)
  agent_end  the agent's ``run_end`` to its exit (trajectory, commit, the process ending)
  score      the eval's scoring of the final tree with the hidden tests
  harness    what the eval does around a run (task repository, page, logs): the run's share
             of the eval's time not in its agent or scoring
  ========== =================================================================================
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def become_subreaper() -> bool:
    """Make this process the reaper of its orphaned descendants (Linux); False elsewhere."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _children_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _reap(grace_s: float) -> int:
    """Reap every child that has ended (waiting up to ``grace_s`` for stragglers); how many
    were still running at the end (a leak)."""
    deadline = time.monotonic() + grace_s
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return 0
        if pid:
            continue
        if time.monotonic() > deadline:
            return len(_live_children())
        time.sleep(0.1)


def _live_children() -> list[int]:
    me = str(os.getpid())
    live = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                if (d / "stat").read_text().rsplit(")", 1)[1].split()[1] == me:
                    live.append(int(d.name))
            except (OSError, IndexError):
                continue
    return live


def run_counted(argv: Sequence[str], **kwargs: Any) -> tuple[float, float, int, int]:
    """Run ``argv``; its wall seconds, CPU-seconds of its whole tree, exit code, leftovers.

    Call :func:`become_subreaper` once first (else orphans' CPU is not counted).
    """
    _reap(0)
    c0, t0 = _children_cpu(), time.perf_counter()
    proc = subprocess.run(list(argv), **kwargs)
    wall = time.perf_counter() - t0
    left = _reap(5.0)
    return wall, _children_cpu() - c0, proc.returncode, left


PHASES = ("start", "engine", "tools", "gate", "agent_end", "score", "harness")


def phases(out: Path, eval_wall_s: float | None = None, jobs: int = 1) -> dict[str, float]:
    """Sums over the runs of ``OUT/runs.jsonl`` of each phase (see the module docstring).

    Args:
        out: the eval's output folder.
        eval_wall_s: the eval's wall time; with it, ``harness`` is the runs' share of the time
            not in agents or scoring (``eval_wall_s * jobs - agents - scoring``, which includes
            the eval's own start and reports); without it 0.
        jobs: runs at once.
    """
    total = dict.fromkeys(PHASES, 0.0)
    busy = 0.0
    for line in (out / "runs.jsonl").read_text().splitlines():
        rec = json.loads(line)
        traj = out.joinpath(*Path(rec["trajectory"]).parts[-5:])  # runs/<v>/<task>/e<n>/...
        events = [json.loads(x) for x in traj.read_text().splitlines()]
        by_type: dict[str, list[dict[str, Any]]] = {}
        for e in events:
            by_type.setdefault(e["type"], []).append(e)
        start = by_type["baseline"][0]["t"] if "baseline" in by_type else 0.0
        calls = by_type.get("model_call", [])
        engine = sum(e.get("latency_s", 0.0) for e in calls)
        last_call = max((e["t"] for e in calls), default=start)
        verdicts = by_type.get("gate_verdict", [])
        gate = max(0.0, verdicts[-1]["t"] - last_call) if verdicts else 0.0
        end = by_type["run_end"][-1]["t"] if "run_end" in by_type else last_call
        total["start"] += start
        total["engine"] += engine
        total["tools"] += max(0.0, end - start - engine - gate)
        total["gate"] += gate
        total["agent_end"] += max(0.0, rec.get("wall_s", end) - end)
        total["score"] += rec.get("score_s", 0.0)
        busy += rec.get("wall_s", 0.0) + rec.get("score_s", 0.0)
    if eval_wall_s is not None:
        total["harness"] = max(0.0, eval_wall_s * jobs - busy)
    return total


def phase_line(p: dict[str, float]) -> str:
    """``start 12.3  engine 45.6 ...`` (seconds)."""
    return "  ".join(f"{k} {p[k]:6.1f}" for k in PHASES)


if __name__ == "__main__":
    print(phase_line(phases(Path(sys.argv[1]))))
