"""benchmarks/eval_phases.run_side_by_side: the eval_scale calibration's two pinned commands."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "eval_phases.py"


def _phases():
    spec = importlib.util.spec_from_file_location("eval_phases_under_test", BENCH)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.skipif(len(os.sched_getaffinity(0)) < 2, reason="needs 2 usable cores")
def test_side_by_side_pins_each_command_and_its_children_to_its_own_core(tmp_path: Path) -> None:
    """Each command (and a child it starts) sees only its core; both run at once; exit codes
    come back in order; the CPU-seconds include the busy loops of both trees."""
    ph = _phases()
    cores = sorted(os.sched_getaffinity(0))[:2]
    code = (
        "import os, subprocess, sys, time\n"
        "t = time.process_time()\n"
        "while time.process_time() - t < 0.3: pass\n"
        "child = subprocess.run([sys.executable, '-c', "
        "'import os; print(sorted(os.sched_getaffinity(0)))'], capture_output=True, text=True)\n"
        "open(sys.argv[1], 'w').write(str(sorted(os.sched_getaffinity(0))) + ' ' + "
        "child.stdout.strip() + ' ' + str(time.time()))\n"
        "sys.exit(int(sys.argv[2]))\n"
    )
    argvs = [[sys.executable, "-c", code, str(tmp_path / f"{i}.txt"), str(i)] for i in range(2)]
    wall, cpu, codes, left = ph.run_side_by_side(argvs, cores)
    assert codes == [0, 1]
    assert left == 0
    assert cpu >= 0.6  # both busy loops (0.3 CPU-s each) were counted
    for i in range(2):
        got = (tmp_path / f"{i}.txt").read_text()
        assert got.startswith(f"[{cores[i]}] [{cores[i]}] "), got
    assert wall < 60
    with pytest.raises(ValueError):
        ph.run_side_by_side(argvs, cores[:1])
