"""Sandbox overhead: the same small suite run bare and through fixloop's TestRunner.

Usage::

    python benchmarks/sandbox_overhead.py [--reps 15] [--tests 40] [--sandbox auto] [--pristine]

Writes a small flat project (a module and ``--tests`` test functions over a few files, two of
them failing), then, in one session and interleaved to share any drift in machine load, runs
``python -m pytest -q -p no:cacheprovider`` bare (a subprocess with stdin closed, the way a
harness without a sandbox would run it) and ``TestRunner.run()`` (the sandbox, JUnit XML, the
progress plugin, report reading and output capping). The TestRunner and its sandbox are built
once, as in a real run, so the sandbox's start-up probe is outside the loop. These are cold runs
(a new sandbox and interpreter each time: the baseline's and the gate's; the model's warm runs
are timed by ``benchmarks/warm_runs.py``). Prints each median and the median of the per-pair
ratios; the last line is ``ratio X`` (target, issue 18: at most 1.10).

Both sides use this interpreter (``sys.executable``), which needs pytest.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fixloop import render
from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.types import Limits, Outcome


def write_suite(root: Path, n_tests: int) -> None:
    """A flat project: ``shop.py`` and ``tests/test_shop_K.py`` files; two tests fail."""
    (root / "tests").mkdir(parents=True)
    (root / "shop.py").write_text(
        "def price(q, unit):\n    return q * unit\n\n"
        "def discount(total):\n    return total * 0.9 if total > 100 else total\n"
    )
    per_file = 10
    for f in range((n_tests + per_file - 1) // per_file):
        lines = ["from shop import discount, price\n"]
        for i in range(f * per_file, min(n_tests, (f + 1) * per_file)):
            want = "i * 2 + 1" if i in (3, n_tests - 1) else "i * 2"
            lines.append(
                f"\ndef test_price_{i}():\n    i = {i}\n    assert price(i, 2) == {want}\n"
            )
        (root / "tests" / f"test_shop_{f}.py").write_text("".join(lines))


def bare(root: Path) -> float:
    """Seconds for one bare ``python -m pytest`` run."""
    t = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=root,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
        check=False,
    )
    return time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=15)
    ap.add_argument("--tests", type=int, default=40)
    ap.add_argument("--sandbox", default="auto")
    ap.add_argument("--pristine", action="store_true", help="time the gate's pristine mode")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fixloop-bench-") as td:
        root = Path(td) / "repo"
        write_suite(root, args.tests)
        box = make_sandbox(args.sandbox)
        runner = TestRunner(
            root, box, python=sys.executable, log_dir=Path(td) / "logs", limits=Limits(wall_s=120)
        )
        rep = runner.run(pristine=args.pristine)  # warm-up (and a check that it reads right)
        bare(root)
        if rep.outcome != Outcome.FAILED or rep.failed != 2:
            print(f"unexpected report: {render.tally(rep)}\n{rep.output}", file=sys.stderr)
            return 1
        bares, boxed, ratios = [], [], []
        for i in range(args.reps):
            # alternate which goes first so that neither side always runs on a warmer cache
            if i % 2 == 0:
                b = bare(root)
                t = time.perf_counter()
                runner.run(pristine=args.pristine)
                s = time.perf_counter() - t
            else:
                t = time.perf_counter()
                runner.run(pristine=args.pristine)
                s = time.perf_counter() - t
                b = bare(root)
            bares.append(b)
            boxed.append(s)
            ratios.append(s / b)
    mode = "pristine" if args.pristine else "normal"
    print(f"sandbox={box.name} mode={mode} tests={args.tests} reps={args.reps}")
    print(f"bare    median {statistics.median(bares) * 1000:8.1f} ms")
    print(f"fixloop median {statistics.median(boxed) * 1000:8.1f} ms")
    print("target: at most 1.10")
    print(f"ratio {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
