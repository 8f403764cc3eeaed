"""Candidate generation time on a large module, against another revision of the code.

Real projects have very large modules (arrow's ``locales.py``: 6,000 lines of classes holding
dict and list tables and small methods); a template helper that walks the whole module once per
suspicious statement costs seconds each there. This benchmark writes such a module itself
(deterministic: ``--lines`` lines of locale-like classes, tables, methods and module functions),
marks ``--suspicious`` code lines spread over it, and times
:func:`fixloop.repair.templates.generate_candidates` (the best of ``--repeat`` runs, each in a
fresh process so that no cache is warm) for this checkout's ``src`` and, with ``--rev REV``, for
the ``src`` of that git revision (exported with ``git archive``), then prints both and their
ratio. Loaded machines give noisy absolute times; the ratio of runs taken together is the
number to quote.

Usage::

    python benchmarks/generation_time.py [--lines 5000] [--suspicious 60] [--rev main~3]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CLASS = '''

class {name}Locale(Locale):
    """Words of the {name} locale."""

    names = ["{low}", "{low}-{low}"]
    timeframes = {{
        "now": "{low} now",
        "second": "a second",
        "seconds": "{{0}} seconds",
        "minute": "a minute",
        "minutes": "{{0}} minutes",
        "hour": "an hour",
        "hours": "{{0}} hours",
    }}
    month_names = ["", "jan", "feb", "mar", "apr", "may", "jun"]
    cache = {{}}

    def _ordinal_number(self, n):
        if n % 100 in (11, 12, 13):
            return f"{{n}}th"
        remainder = n % 10
        if remainder == 1:
            return f"{{n}}st"
        elif remainder == 2:
            return f"{{n}}nd"
        return f"{{n}}th"

    def _format_timeframe(self, timeframe, delta):
        form = self.timeframes[timeframe]
        if timeframe in self.cache:
            return self.cache[timeframe]
        text = form.format(trunc(abs(delta)))
        return text

    def describe(self, timeframe, delta=0, only_distance=False):
        humanized = self._format_timeframe(timeframe, delta)
        if not only_distance:
            humanized = self._format_relative(humanized, timeframe, delta)
        return humanized
'''

_HEAD = '''"""A large generated module for benchmarks/generation_time.py (locale-like tables)."""

from math import trunc


class Locale:
    names = []
    timeframes = {}

    def _format_relative(self, humanized, timeframe, delta):
        if timeframe == "now":
            return humanized
        direction = "in {0}" if delta > 0 else "{0} ago"
        return direction.format(humanized)
'''


def make_module(lines: int) -> str:
    """A module of about ``lines`` lines: a base class, then locale-like classes."""
    out = [_HEAD]
    count = _HEAD.count("\n")
    k = 0
    while count < lines:
        name = "".join(chr(ord("A") + (k // 26**i) % 26) for i in range(3))
        block = _CLASS.format(name=name.title(), low=name.lower())
        out.append(block)
        count += block.count("\n")
        k += 1
    return "".join(out)


def _suspicious(source: str, n: int) -> dict[int, float]:
    lines = source.splitlines()
    code = [
        i
        for i, ln in enumerate(lines, 1)
        if ln.strip() and not ln.strip().startswith(("#", '"', "class ", "def "))
    ]
    rng = random.Random(7)
    picked = sorted(rng.sample(code, min(n, len(code))))
    return {ln: 1.0 - k / (2 * len(picked)) for k, ln in enumerate(picked)}


_RUN = """
import json, sys, time
sys.setrecursionlimit(10000)
from fixloop.repair.templates import generate_candidates
spec = json.load(open(sys.argv[1]))
susp = {int(k): v for k, v in spec["suspicious"].items()}
t = time.perf_counter()
cands = generate_candidates(spec["source"], "big.py", susp)
print(json.dumps({"seconds": time.perf_counter() - t, "candidates": len(cands)}))
"""


def time_src(src: Path, spec_path: Path, repeat: int) -> tuple[float, int]:
    """Best time (s) and candidate count of ``repeat`` fresh-process runs with ``src`` first."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    best, count = float("inf"), 0
    for _ in range(repeat):
        proc = subprocess.run(
            [sys.executable, "-c", _RUN, str(spec_path)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        best, count = min(best, got["seconds"]), got["candidates"]
    return best, count


def export_src(rev: str, dest: Path) -> Path:
    """The ``src`` tree of git revision ``rev`` of this checkout, extracted under ``dest``."""
    data = subprocess.run(
        ["git", "-C", str(ROOT), "archive", rev, "src"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(dest, filter="data")
    return dest / "src"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--suspicious", type=int, default=60)
    ap.add_argument("--repeat", type=int, default=1)
    ap.add_argument("--rev", help="a git revision to compare with (its src, exported)")
    args = ap.parse_args(argv)
    source = make_module(args.lines)
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "spec.json"
        spec.write_text(
            json.dumps({"source": source, "suspicious": _suspicious(source, args.suspicious)})
        )
        print(f"module: {source.count(chr(10))} lines, {args.suspicious} suspicious lines")
        here, n_here = time_src(ROOT / "src", spec, args.repeat)
        print(f"this checkout: {here:.1f} s, {n_here} candidates")
        if args.rev:
            there, n_there = time_src(export_src(args.rev, Path(tmp) / "rev"), spec, args.repeat)
            print(f"{args.rev}: {there:.1f} s, {n_there} candidates")
            print(f"ratio this / {args.rev}: {here / there:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
