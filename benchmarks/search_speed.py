"""search_code speed against ``git grep`` on a real project: Django's sdist.

Usage::

    python benchmarks/search_speed.py [--reps 7] [--src DIR]

Downloads Django's source distribution with ``pip download --no-deps --no-binary :all:
django`` (or uses ``--src``, an unpacked source tree), makes it a git repository, and times
five queries, each interleaved with ``git grep -n -E`` of the same pattern so that both share
any drift in machine load:

- a literal (``get_object_or_404``), an alternation (``TODO|FIXME|XXX``), an anchored
  multi-line pattern (``^class \\w+\\(.*\\):$``), a pattern that matches nothing, a character
  class (``[A-Z]{3,}_[A-Z]+``).

``search_code`` runs as the model calls it (``Tools.call``), through its ripgrep engine when
the ``rg`` binary is there. The first call of each query is not timed (it reads every file
once to classify it: binary, too large, text; later calls only ``stat`` them).

Prints per query the medians and the median per-pair ratio search_code / git grep, then the
median over the queries and the worst. Target (issue 18): median at most 1.0, worst at most
2.0. Skips (exit 0, says why) when Django cannot be downloaded.

The last line is ``ratio X``: the median over the five queries.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

from fixloop.tools import Tools, ripgrep
from fixloop.workspace import Workspace

QUERIES = [
    ("literal", r"get_object_or_404"),
    ("alternation", r"TODO|FIXME|XXX"),
    ("anchored", r"^class \w+\(.*\):$"),
    ("no match", r"never_present_anywhere_\d{9}"),
    ("char class", r"[A-Z]{3,}_[A-Z]+"),
]


def fetch_django(dest: Path) -> Path | None:
    """Django's unpacked sdist under ``dest`` (a git repo), or None when pip cannot get it."""
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "-q",
            "--no-deps",
            "--no-binary",
            ":all:",
            "django",
            "-d",
            str(dest),
        ],
        capture_output=True,
        text=True,
    )
    tars = sorted(dest.glob("[Dd]jango-*.tar.gz"))
    if out.returncode != 0 or not tars:
        print(f"skipped: pip could not download Django's sdist: {out.stderr.strip()[-300:]}")
        return None
    with tarfile.open(tars[0]) as tf:
        tf.extractall(dest, filter="data")
    return next(p for p in dest.iterdir() if p.is_dir() and p.name.lower().startswith("django-"))


def as_git_repo(root: Path) -> None:
    if (root / ".git").exists():
        return
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "sdist"]):
        subprocess.run(
            ["git", "-c", "user.email=b@example.invalid", "-c", "user.name=bench", *args],
            cwd=root,
            check=True,
            capture_output=True,
        )


def time_fixloop(tools: Tools, pattern: str) -> tuple[float, str]:
    t0 = time.perf_counter()
    res = tools.call("search_code", {"pattern": pattern})
    dt = time.perf_counter() - t0
    assert res.kind == "ok", res.content[:300]
    return dt, res.content.splitlines()[0]


def time_git_grep(root: Path, pattern: str) -> float:
    t0 = time.perf_counter()
    out = subprocess.run(["git", "grep", "-n", "-E", pattern], cwd=root, capture_output=True)
    dt = time.perf_counter() - t0
    assert out.returncode in (0, 1), out.stderr[:300]
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--src", type=Path, help="an unpacked source tree instead of Django's")
    args = ap.parse_args()
    print(f"engine: {'ripgrep ' + str(ripgrep.rg_binary()) if ripgrep.rg_binary() else 'Python'}")
    with tempfile.TemporaryDirectory() as tmp:
        root = args.src.resolve() if args.src else fetch_django(Path(tmp))
        if root is None:
            return
        as_git_repo(root)
        tools = Tools(Workspace(root), None)
        ratios: list[float] = []
        for name, pattern in QUERIES:
            _, head = time_fixloop(tools, pattern)  # untimed: classifies every file once
            time_git_grep(root, pattern)
            ours: list[float] = []
            theirs: list[float] = []
            for _ in range(args.reps):
                ours.append(time_fixloop(tools, pattern)[0])
                theirs.append(time_git_grep(root, pattern))
            pair = [a / b for a, b in zip(ours, theirs, strict=True)]
            ratios.append(statistics.median(pair))
            print(
                f"{name:12} {pattern!r:34} search_code {statistics.median(ours) * 1000:7.1f} ms"
                f"   git grep {statistics.median(theirs) * 1000:7.1f} ms"
                f"   ratio {statistics.median(pair):.2f}   ({head})"
            )
    print(f"worst query ratio: {max(ratios):.2f} (target at most 2.0)")
    print("median target: at most 1.0")
    print(f"ratio {statistics.median(ratios):.2f}")


if __name__ == "__main__":
    main()
