"""Where an eval's time goes: CPU-seconds of a whole process tree, and each run's phases.

Used by ``benchmarks/eval_scale.py``, and runnable alone::

    python benchmarks/eval_phases.py OUT [CPU_S]   # an eval's output folder (its CPU-s, if known)
    python benchmarks/eval_phases.py --ops [--reps 5] [--suite examples/suite]

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
             of the eval's time not in its agent or scoring. With ``jobs`` > 1 it is mostly
             idle slots, not work: the eval's start and reports count once per slot, and at
             the end the last run goes on alone while the other slots wait (a --jobs 2 eval of
             the examples suite, 1 December 2026 under load: 28 slot-seconds of harness, 21
             of them the last run, speed-units, running alone)
  ========== =================================================================================

- :func:`cpu_phases` splits the same runs in CPU-seconds, read from each trajectory event's
  ``cpu`` (:func:`fixloop.trajectory.process_cpu_s`: the agent process's CPU-seconds since it
  started, with the children it reaped), so the split holds on a loaded machine. The sandboxed
  test runs are NOT in ``cpu``: bubblewrap's outer process exits without reaping the namespace's
  init, whose CPU-seconds then go to whoever reaps the orphan (this benchmark, a child
  subreaper), never to the agent. So the agent's phases are its own work (imports, the engine's
  Python work, git), and ``sandbox+eval`` holds every sandboxed run and the eval's own process:

  =========== ================================================================================
  start       agent process start to ``run_start``: the interpreter, imports, settings, the
              worktree, the interpreter and sandbox probes
  baseline    ``run_start`` to the baseline's result (the agent's side of it)
  engine      the model's calls (the repair engine's own Python work)
  tools       the rest of the agent's work before its ``run_end`` but the gate
  gate        the claim's verification (the agent's side: checkout, manifests, git)
  sandbox+ev  the eval's CPU-seconds (given) minus the agents' up to their ``run_end``: every
              sandboxed test run (baseline, screening, ``run_tests``, gate, hidden-test
              scoring), the eval process (imports, task repositories, pages, reports) and each
              agent's end (commit, exit)
  =========== ================================================================================

- ``--ops``: the CPU-seconds of each piece of a run measured alone, repeated (medians): the
  interpreter, the imports of the eval and of a ``fix`` run, a task repository (copy + git),
  one sandboxed command, one sandboxed pytest run of a task (what a baseline or one gate run
  costs), the hidden-test scoring of an unchanged tree, and a whole ``fixloop fix`` on a task
  whose tests pass (start-up, baseline, end).
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


def children_cpu() -> float:
    """CPU-seconds (user + system) of every child reaped so far (``RUSAGE_CHILDREN``)."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def reap(grace_s: float) -> int:
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
    reap(0)
    c0, t0 = children_cpu(), time.perf_counter()
    proc = subprocess.run(list(argv), **kwargs)
    wall = time.perf_counter() - t0
    left = reap(5.0)
    return wall, children_cpu() - c0, proc.returncode, left


def run_side_by_side(
    argvs: Sequence[Sequence[str]], cores: Sequence[int], **kwargs: Any
) -> tuple[float, float, list[int], int]:
    """Run the commands of ``argvs`` at once, the i-th pinned to core ``cores[i]`` (and every
    process it starts: the affinity is set before it executes).

    Call :func:`become_subreaper` once first (else orphans' CPU is not counted).

    Returns:
        wall seconds until the last one ended, CPU-seconds of all their trees, their exit
        codes, processes left running afterwards.

    Raises:
        ValueError: fewer cores than commands.
    """
    if len(cores) < len(argvs):
        raise ValueError("one core per command")
    reap(0)
    c0, t0 = children_cpu(), time.perf_counter()
    procs = []
    for argv, core in zip(argvs, cores[: len(argvs)], strict=True):
        procs.append(
            subprocess.Popen(
                list(argv),
                preexec_fn=lambda c=core: os.sched_setaffinity(0, {c}),  # type: ignore[misc]
                **kwargs,
            )
        )
    codes = [p.wait() for p in procs]
    wall = time.perf_counter() - t0
    left = reap(5.0)
    return wall, children_cpu() - c0, codes, left


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
    return "  ".join(f"{k} {p.get(k, 0.0):6.1f}" for k in PHASES)


CPU_PHASES = ("start", "baseline", "engine", "tools", "gate", "sandbox+eval")


def _trajectory(out: Path, rec: dict[str, Any]) -> list[dict[str, Any]]:
    traj = out.joinpath(*Path(rec["trajectory"]).parts[-5:])  # runs/<v>/<task>/e<n>/...
    return [json.loads(x) for x in traj.read_text().splitlines() if x.strip()]


def cpu_phases(out: Path, eval_cpu_s: float | None = None) -> dict[str, float]:
    """Sums over the runs of ``OUT/runs.jsonl`` of each phase in CPU-seconds (module docstring).

    Args:
        out: the eval's output folder.
        eval_cpu_s: the whole eval's CPU-seconds (:func:`run_counted`); without it
            ``sandbox+eval`` is 0.

    Returns:
        ``{phase: CPU-seconds}`` for :data:`CPU_PHASES`; all 0 when the trajectories carry no
        ``cpu`` (written before fixloop recorded it).
    """
    total = dict.fromkeys(CPU_PHASES, 0.0)
    agents = 0.0
    for line in (out / "runs.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if not rec.get("trajectory"):
            continue
        events = [e for e in _trajectory(out, rec) if isinstance(e.get("cpu"), (int, float))]
        if not events:
            continue
        first = next((e for e in events if e["type"] == "run_start"), events[0])
        base = next((e for e in events if e["type"] == "baseline"), first)
        end = [e for e in events if e["type"] == "run_end"]
        last = end[-1] if end else events[-1]
        engine = 0.0
        prev = events[0]
        last_call = base
        for e in events:
            if e["type"] == "model_call":
                engine += e["cpu"] - prev["cpu"]
                last_call = e
            prev = e
        verdicts = [e for e in events if e["type"] == "gate_verdict"]
        gate = max(0.0, verdicts[-1]["cpu"] - last_call["cpu"]) if verdicts else 0.0
        total["start"] += first["cpu"]
        total["baseline"] += base["cpu"] - first["cpu"]
        total["engine"] += engine
        total["gate"] += gate
        total["tools"] += max(0.0, last["cpu"] - base["cpu"] - engine - gate)
        agents += last["cpu"]
    if eval_cpu_s is not None and agents:
        total["sandbox+eval"] = max(0.0, eval_cpu_s - agents)
    return total


def cpu_phase_line(p: dict[str, float]) -> str:
    """``start 3.1  baseline 2.0 ...`` (CPU-seconds)."""
    return "  ".join(f"{k} {p.get(k, 0.0):6.1f}" for k in CPU_PHASES)


# --------------------------------------------------------------------------------------------
# --ops: each piece alone
# --------------------------------------------------------------------------------------------


def _cpu_now() -> float:
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def _measured(fn: Any, reps: int) -> float:
    """The median CPU-seconds (this process and the children it waited for) of ``fn()``."""
    got = []
    for _ in range(reps):
        reap(0)
        c0 = _cpu_now()
        fn()
        reap(2.0)  # orphans re-parented here (become_subreaper) count once reaped
        got.append(_cpu_now() - c0)
    return sorted(got)[len(got) // 2]


def ops(suite: Path, reps: int) -> list[tuple[str, float]]:
    """CPU-seconds of each piece of a run, measured alone (medians of ``reps``).

    Raises:
        fixloop.errors.SandboxUnavailable: no sandbox here.
    """
    import shutil
    import tempfile

    from fixloop.eval.score import make_task_repo, score_run
    from fixloop.eval.suite import load_suite
    from fixloop.sandbox import make_sandbox
    from fixloop.testrun import TestRunner
    from fixloop.types import Limits

    become_subreaper()
    py = sys.executable
    task = load_suite(suite).tasks[0]
    sandbox = make_sandbox("auto")
    rows: list[tuple[str, float]] = []

    def child(code: str) -> Any:
        return lambda: subprocess.run([py, "-c", code], check=True)

    rows.append(("interpreter (python -c pass)", _measured(child("pass"), reps)))
    rows.append(("import fixloop.config", _measured(child("import fixloop.config"), reps)))
    rows.append(
        (
            "import the eval (fixloop.cli + eval.runner)",
            _measured(child("import fixloop.cli, fixloop.eval.runner"), reps),
        )
    )
    run_stack = "import fixloop.cli, fixloop.session, fixloop.models.repair"
    rows.append(
        ("import a fix run (cli, session, repair model)", _measured(child(run_stack), reps))
    )
    with tempfile.TemporaryDirectory() as tmp_s:
        tmp = Path(tmp_s)
        n = iter(range(10_000))

        def task_repo() -> Path:
            dest = tmp / f"repo{next(n)}"
            make_task_repo(task, dest)
            return dest

        rows.append(
            (f"task repository (copy + git init/add/commit, {task.id})", _measured(task_repo, reps))
        )
        logs = tmp / "logs"
        logs.mkdir()
        repo = task_repo()
        limits = Limits(wall_s=60)
        rows.append(
            (
                "sandboxed command (true)",
                _measured(
                    lambda: sandbox.run(
                        ["true"], cwd=repo, limits=limits, log_path=logs / "true.log"
                    ),
                    reps,
                ),
            )
        )
        runner = TestRunner(repo, sandbox, test_cmd=list(task.test_cmd), log_dir=logs)
        rows.append(
            (
                "sandboxed pytest run of the task (a baseline, one gate run)",
                _measured(lambda: runner.run("", pristine=True), reps),
            )
        )

        def score() -> None:
            tree = tmp / f"score{next(n)}"
            score_run(task, repo, None, tree, sandbox=sandbox, log_dir=tmp / f"slog{next(n)}")
            shutil.rmtree(tree, ignore_errors=True)

        rows.append(("hidden-test scoring of an unchanged tree", _measured(score, reps)))
        if task.solution_patch is not None:
            fixed = task_repo()
            git = ["git", "-c", "user.email=b@example.invalid", "-c", "user.name=bench"]
            subprocess.run([*git, "apply", str(task.solution_patch)], cwd=fixed, check=True)
            subprocess.run([*git, "commit", "-qam", "fixed"], cwd=fixed, check=True)
            env = {**os.environ, "FIXLOOP_HOME": str(tmp / "home")}
            argv = [py, "-m", "fixloop", "fix", str(fixed), "--model", "repair", "--json"]
            rows.append(
                (
                    "fixloop fix, nothing to fix (start-up, baseline, end)",
                    _measured(lambda: subprocess.run(argv, env=env, capture_output=True), reps),
                )
            )
    return rows


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", nargs="?", type=Path, help="an eval's output folder")
    ap.add_argument("cpu", nargs="?", type=float, help="that eval's CPU-seconds")
    ap.add_argument("--ops", action="store_true", help="measure each piece of a run alone")
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--suite", type=Path, default=Path(__file__).parents[1] / "examples" / "suite")
    args = ap.parse_args()
    if args.ops:
        print(f"load average: {os.getloadavg()}; CPU-seconds, median of {args.reps}")
        for name, cpu in ops(args.suite, args.reps):
            print(f"  {cpu:6.3f}  {name}")
        return
    if args.out is None:
        ap.error("give an eval's output folder, or --ops")
    print("s:     " + phase_line(phases(args.out)))
    print("CPU-s: " + cpu_phase_line(cpu_phases(args.out, args.cpu)))


if __name__ == "__main__":
    main()
