"""The fixed cost of a fixloop run: ``fixloop fix`` on a suite that passes, against one bare pytest.

Usage::

    python benchmarks/fixed_cost.py [--reps 7]

Copies ``examples/shop`` into a temporary git repository with its bug fixed (so the run stops
after the baseline: "nothing to fix"), then times, interleaved so that both share any drift in
machine load:

- ``fixloop fix COPY --model repair --json`` as a user starts it (a new process: settings,
  worktree, interpreter probe, sandbox, the baseline run in the sandbox, the summary, removing
  the worktree);
- ``python -m pytest -q -p no:cacheprovider`` in the copy (the same suite, bare).

Prints both medians, the fixed cost (median of the per-pair differences, seconds) and the
phases of the last run from its trajectory (time from the start to each event). The last line
is ``ratio X``: median fixloop / bare pytest. Issue 18 measured 0.92 s of fixed cost on this
suite.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHOP = Path(__file__).resolve().parents[1] / "examples" / "shop"
GIT = ["git", "-c", "user.email=b@example.invalid", "-c", "user.name=bench"]


def make_copy(dest: Path) -> Path:
    shutil.copytree(SHOP, dest)
    p = dest / "shop" / "pricing.py"
    text = p.read_text()
    fixed = text.replace("round(amount * (1 + rate))", "round(amount * (1 + rate), 2)")
    assert fixed != text, "examples/shop changed: update the benchmark's fix"
    p.write_text(fixed)
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "shop, fixed"]):
        subprocess.run([*GIT, *args], cwd=dest, check=True, capture_output=True)
    return dest


def time_fixloop(repo: Path, home: Path) -> tuple[float, dict]:
    env = {**os.environ, "FIXLOOP_HOME": str(home)}
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "fixloop", "fix", str(repo), "--model", "repair", "--json"],
        capture_output=True,
        text=True,
        env=env,
    )
    dt = time.perf_counter() - t0
    try:
        result = json.loads(out.stdout)
    except json.JSONDecodeError:
        raise SystemExit(
            f"fixloop fix failed (exit {out.returncode}): {out.stderr[-800:]}"
        ) from None
    assert result.get("status") == "nothing_to_fix", result.get("status")
    return dt, result


def time_pytest(repo: Path) -> float:
    t0 = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=repo,
        capture_output=True,
    )
    dt = time.perf_counter() - t0
    assert out.returncode == 0, out.stdout[-500:]
    return dt


def phases(result: dict) -> list[str]:
    traj = result.get("trajectory")
    if not isinstance(traj, str) or not Path(traj).is_file():
        return []
    rows = [json.loads(x) for x in Path(traj).read_text().splitlines() if x.strip()]
    t0 = None
    out = []
    for r in rows:
        ts = r.get("t")  # seconds since run_start (written after settings, worktree, sandbox)
        if not isinstance(ts, (int, float)):
            continue
        t0 = ts if t0 is None else t0
        out.append(f"  {ts - t0:6.2f} s  {r.get('type')}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args()
    print(f"load average: {os.getloadavg()}")
    with tempfile.TemporaryDirectory() as tmp:
        repo = make_copy(Path(tmp) / "shop")
        home = Path(tmp) / "home"
        time_pytest(repo)
        ours: list[float] = []
        bare: list[float] = []
        result: dict = {}
        for _ in range(args.reps):
            dt, result = time_fixloop(repo, home)
            ours.append(dt)
            bare.append(time_pytest(repo))
        diffs = [a - b for a, b in zip(ours, bare, strict=True)]
        ratios = [a / b for a, b in zip(ours, bare, strict=True)]
        print(f"fixloop fix (nothing to fix): median {statistics.median(ours):.2f} s")
        print(f"bare pytest:                  median {statistics.median(bare):.2f} s")
        print(f"fixed cost of a run:          median {statistics.median(diffs):.2f} s")
        for line in phases(result):
            print(line)
    print(f"ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
