"""Warm runs: the model's ``run_tests`` (warm) against bare pytest in the same sandbox.

Usage::

    python benchmarks/warm_runs.py [--reps 11] [--tests 200] [--sandbox auto]

Writes a generated project (``shop.py`` and ``--tests`` test functions in files of 20, two of
them failing; a ``conftest.py`` with a fixture), then, interleaved so that both share any drift
in machine load, times:

- the model's ``run_tests`` tool (``Tools.call("run_tests", {"target": ""})`` over a
  :class:`fixloop.testrun.warm.WarmRunner`: the warm server forks a child per run; the JUnit
  file, the report and the text the model reads included);
- ``python -m pytest -q -p no:cacheprovider`` run bare through the same sandbox's ``run`` (a new
  interpreter and pytest each time, no report reading).

The server's start (the first call) is outside the loop, as it is paid once per session. Prints
each pair, both medians and the median of the per-pair ratios; the last line is ``ratio X``
(target: at most 0.6). Both sides use this interpreter (``sys.executable``), which needs pytest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.testrun.warm import WarmRunner
from fixloop.tools import Tools
from fixloop.types import Limits
from fixloop.workspace import Workspace


def write_project(root: Path, n_tests: int) -> None:
    """``shop.py``, ``tests/conftest.py`` and ``tests/test_shop_K.py``; two tests fail."""
    (root / "tests").mkdir(parents=True)
    (root / "shop.py").write_text(
        "def price(q, unit):\n    return q * unit\n\n"
        "def discount(total):\n    return total * 0.9 if total > 100 else total\n"
    )
    (root / "tests" / "conftest.py").write_text(
        "import pytest\n\n\n@pytest.fixture\ndef unit():\n    return 2\n"
    )
    per_file = 20
    for f in range((n_tests + per_file - 1) // per_file):
        lines = ["from shop import discount, price\n"]
        for i in range(f * per_file, min(n_tests, (f + 1) * per_file)):
            want = "i * unit + 1" if i in (3, n_tests - 1) else "i * unit"
            lines.append(
                f"\n\ndef test_price_{i}(unit):\n    i = {i}\n    assert price(i, unit) == {want}\n"
                f"    assert discount(i) <= i\n"
            )
        (root / "tests" / f"test_shop_{f}.py").write_text("".join(lines))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reps", type=int, default=11)
    ap.add_argument("--tests", type=int, default=200)
    ap.add_argument("--sandbox", default="auto")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="fixloop-warm-") as td:
        root = Path(td) / "repo"
        write_project(root, args.tests)
        box = make_sandbox(args.sandbox)
        limits = Limits(wall_s=120)
        runner = TestRunner(
            root, box, python=sys.executable, log_dir=Path(td) / "logs", limits=limits
        )
        warm = WarmRunner(runner, notice=lambda text: print(f"notice: {text}"), enabled=True)
        tools = Tools(Workspace(root), warm)
        bare_argv = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]

        def model_run() -> float:
            t = time.perf_counter()
            res = tools.call("run_tests", {"target": ""})
            dt = time.perf_counter() - t
            rep = res.test_report
            if rep is None or rep.failed != 2 or rep.collected != args.tests:
                raise SystemExit(f"unexpected run_tests result:\n{res.content[:2000]}")
            return dt

        def bare() -> float:
            t = time.perf_counter()
            res = box.run(bare_argv, cwd=root, limits=limits)
            dt = time.perf_counter() - t
            if res.returncode != 1:
                raise SystemExit(f"unexpected bare pytest exit {res.returncode}:\n{res.output}")
            return dt

        try:
            t = time.perf_counter()
            model_run()  # the server's start: once per session
            first = time.perf_counter() - t
            bare()
            warms, bares, ratios = [], [], []
            for i in range(args.reps):
                if i % 2 == 0:
                    b, w = bare(), model_run()
                else:
                    w, b = model_run(), bare()
                warms.append(w)
                bares.append(b)
                ratios.append(w / b)
                print(
                    f"round {i + 1:2d}: run_tests {w * 1000:7.1f} ms  bare pytest {b * 1000:7.1f} ms"
                    f"  ratio {w / b:.3f}"
                )
        finally:
            warm.close()
    print(
        f"sandbox={box.name} tests={args.tests} reps={args.reps} warm_runs={warm.warm_runs} "
        f"cold_runs={warm.cold_runs} first call (server start) {first * 1000:.1f} ms"
    )
    print(f"run_tests (warm) median {statistics.median(warms) * 1000:8.1f} ms")
    print(f"bare pytest      median {statistics.median(bares) * 1000:8.1f} ms")
    print(f"ratio {statistics.median(ratios):.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
