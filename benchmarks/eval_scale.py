"""Eval scaling: ``fixloop eval --jobs 2`` against ``--jobs 1`` on the examples suite.

Usage::

    python benchmarks/eval_scale.py [--reps 3] [--suite examples/suite] [--model repair]

Runs the examples suite with the offline repair engine (no key, no network) at ``--jobs 1``
and ``--jobs 2``, alternately (``--reps`` pairs, each into a fresh output folder), and prints
each pair's wall times and speed-up ``t(jobs 1) / t(jobs 2)``. With ``--cpus-per-run`` left at
its default (cores / jobs), two jobs on two cores each get a core of their own and the repair
engine's screening workers follow that budget (one each) instead of starting a second worker
per run that fights the other run for the same cores.

Target (issue 18): at least 1.8 on 2 cores. The last line is ``ratio X``: the median speed-up.
The resolve rates of both settings are printed too: a speed-up bought with fewer fixes is not
one. Skips (exit 0, says why) when no sandbox can start.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def one(suite: Path, model: str, jobs: int, out: Path) -> tuple[float, str, int]:
    t0 = time.perf_counter()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "fixloop",
            "eval",
            str(suite),
            "--model",
            model,
            "--jobs",
            str(jobs),
            "--out",
            str(out),
            "--quiet",
        ],
        capture_output=True,
        text=True,
    )
    dt = time.perf_counter() - t0
    summary = out / "summary.json"
    rate = "?"
    if summary.exists():
        import json

        s = json.loads(summary.read_text())
        rate = f"{s.get('resolve_rate', 0):.2f}"
    return (
        dt,
        rate + ("" if proc.returncode == 0 else f" (exit {proc.returncode})"),
        proc.returncode,
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--suite", type=Path, default=Path(__file__).parents[1] / "examples" / "suite")
    ap.add_argument("--model", default="repair")
    args = ap.parse_args()
    print(f"cores usable: {len(os.sched_getaffinity(0))}; load average: {os.getloadavg()}")
    speedups: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.reps):
            t1, r1, rc1 = one(args.suite, args.model, 1, Path(tmp) / f"j1-{rep}")
            t2, r2, rc2 = one(args.suite, args.model, 2, Path(tmp) / f"j2-{rep}")
            if rc1 == 3 or rc2 == 3:
                print("skipped: the eval cannot start a sandbox here (exit 3)")
                return
            speedups.append(t1 / t2)
            print(
                f"pair {rep + 1}: jobs 1 {t1:6.1f} s (resolve {r1})   jobs 2 {t2:6.1f} s "
                f"(resolve {r2})   speed-up {t1 / t2:.2f}"
            )
    print("target: at least 1.8")
    print(f"ratio {statistics.median(speedups):.2f}")


if __name__ == "__main__":
    main()
