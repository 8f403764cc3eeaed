"""Eval scaling: ``--jobs 2`` against ``--jobs 1``, and the Ray executor, on the examples suite.

Usage::

    python benchmarks/eval_scale.py [--reps 3] [--suite examples/suite] [--model repair] [--no-ray]

Runs the examples suite with the offline repair engine (no key, no network) at ``--jobs 1``,
``--jobs 2`` and, where Ray is installed (``pip install 'fixloop[ray]'``), with
``--executor ray --cpus-per-run 1`` on a local Ray cluster of the machine's cores (2 here; the
eval starts the cluster itself, so its start-up is in the time), interleaved (``--reps``
rounds, each into fresh output folders). Prints each round's wall times and CPU-seconds (the
whole process tree's, :mod:`eval_phases`; they show removed work even on a loaded machine),
the runs' phases, the speed-up ``t(jobs 1) / t(jobs 2)`` and Ray's time against the local
executor's ``t(ray) / t(jobs 2)``. With ``--cpus-per-run`` left at
its default (cores / jobs), two jobs on two cores each get a core of their own and the repair
engine's screening workers follow that budget (one each) instead of starting a second worker
per run that fights the other run for the same cores.

Targets: speed-up at least 1.8 on 2 cores (issue 18); Ray at most 1.15x the local executor's
time with the same cores (issue 17). The last line is ``ratio X``: the median speed-up.
The resolve rates of both settings are printed too: a speed-up bought with fewer fixes is not
one. Skips (exit 0, says why) when no sandbox can start.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from eval_phases import become_subreaper, phase_line, phases, run_counted  # noqa: E402


def one(
    suite: Path,
    model: str,
    jobs: int,
    out: Path,
    extra: tuple[str, ...] = (),
    at_once: int | None = None,
) -> tuple[float, float, str, int, dict[str, float]]:
    """One eval: wall seconds, CPU-seconds of its whole process tree, resolve rate, exit code,
    and its runs' phases (:func:`eval_phases.phases`; ``at_once``: runs at a time, default
    ``jobs``; Ray's is its CPUs)."""
    argv = [sys.executable, "-m", "fixloop", "eval", str(suite), "--model", model]
    argv += ["--jobs", str(jobs), "--out", str(out), "--quiet", *extra]
    dt, cpu, code, left = run_counted(argv, capture_output=True, text=True)
    summary = out / "summary.json"
    rate = "?"
    if summary.exists():
        rate = f"{json.loads(summary.read_text()).get('resolve_rate', 0):.2f}"
    if left:
        rate += f" ({left} processes left running)"
    split = phases(out, dt, at_once or jobs) if (out / "runs.jsonl").exists() else {}
    return dt, cpu, rate + ("" if code == 0 else f" (exit {code})"), code, split


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--suite", type=Path, default=Path(__file__).parents[1] / "examples" / "suite")
    ap.add_argument("--model", default="repair")
    ap.add_argument("--no-ray", action="store_true", help="leave the Ray executor out")
    args = ap.parse_args()
    print(f"cores usable: {len(os.sched_getaffinity(0))}; load average: {os.getloadavg()}")
    with_ray = not args.no_ray and importlib.util.find_spec("ray") is not None
    if not with_ray:
        print("ray: left out (" + ("--no-ray" if args.no_ray else "not installed") + ")")
    counted = become_subreaper()
    if not counted:
        print("CPU-seconds: only the eval's direct children (no child subreaper here)")
    speedups: list[float] = []
    ray_ratios: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.reps):
            t1, c1, r1, rc1, p1 = one(args.suite, args.model, 1, Path(tmp) / f"j1-{rep}")
            t2, c2, r2, rc2, p2 = one(args.suite, args.model, 2, Path(tmp) / f"j2-{rep}")
            if rc1 == 3 or rc2 == 3:
                print("skipped: the eval cannot start a sandbox here (exit 3)")
                return
            speedups.append(t1 / t2)
            print(
                f"round {rep + 1}: jobs 1 {t1:6.1f} s, {c1:6.1f} CPU-s (resolve {r1})   "
                f"jobs 2 {t2:6.1f} s, {c2:6.1f} CPU-s (resolve {r2})   speed-up {t1 / t2:.2f}   "
                f"load {os.getloadavg()[0]:.1f}",
                flush=True,
            )
            print(f"  phases, jobs 1 (s, summed over runs): {phase_line(p1)}")
            print(f"  phases, jobs 2 (s, summed over runs): {phase_line(p2)}")
            if with_ray:
                ray_extra = ("--executor", "ray", "--cpus-per-run", "1")
                tr, cr, rr, _, pr = one(
                    args.suite,
                    args.model,
                    1,
                    Path(tmp) / f"ray-{rep}",
                    ray_extra,
                    at_once=len(os.sched_getaffinity(0)),
                )
                ray_ratios.append(tr / t2)
                print(
                    f"  ray {tr:6.1f} s, {cr:6.1f} CPU-s (resolve {rr}) = {tr / t2:.2f}x jobs 2",
                    flush=True,
                )
                print(
                    f"  phases, ray (s, summed over runs; harness: cluster start too): {phase_line(pr)}"
                )
    if ray_ratios:
        print(
            f"ray / local (jobs 2): median {statistics.median(ray_ratios):.2f}x "
            "(target: at most 1.15)"
        )
    print("speed-up target: at least 1.8")
    print(f"ratio {statistics.median(speedups):.2f}")


if __name__ == "__main__":
    main()
