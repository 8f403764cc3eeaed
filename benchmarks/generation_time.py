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

With ``--compact`` it times, in this checkout, generation on the whole file
(:func:`~fixloop.repair.templates.generate_candidates`) against generation on its compact text
(:func:`fixloop.repair.compact.generate_compact`, what the engine runs), prints the ratio and
whether both gave the same candidates in the same order (a digest of each list). ``--file``
takes a real module instead of the generated one (arrow 1.3.0's ``locales.py`` from the
real-projects cache), ``--functions K`` draws the suspicious lines from K functions only, as
localization ranks the code of a few functions (spread over every class, nothing is left out).

Usage::

    python benchmarks/generation_time.py [--lines 5000] [--suspicious 60] [--rev main~3]
    python benchmarks/generation_time.py --compact --functions 3 \\
        --file ~/.cache/fixloop-real-projects/arrow-1.3.0/checkout/arrow/locales.py
"""

from __future__ import annotations

import argparse
import ast
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


def _suspicious(source: str, n: int, functions: int = 0) -> dict[int, float]:
    """``n`` code lines (seeded), of ``functions`` functions only when it is not 0."""
    lines = source.splitlines()
    code = [
        i
        for i, ln in enumerate(lines, 1)
        if ln.strip() and not ln.strip().startswith(("#", '"', "class ", "def "))
    ]
    rng = random.Random(7)
    if functions:
        defs = [
            d
            for d in ast.walk(ast.parse(source))
            if isinstance(d, ast.FunctionDef | ast.AsyncFunctionDef) and len(d.body) > 1
        ]
        chosen = rng.sample(defs, min(functions, len(defs)))
        code = [i for i in code if any(d.lineno < i <= (d.end_lineno or 0) for d in chosen)]
    picked = sorted(rng.sample(code, min(n, len(code))))
    return {ln: 1.0 - k / (2 * len(picked)) for k, ln in enumerate(picked)}


_RUN = """
import json, sys, time
sys.setrecursionlimit(10000)
import hashlib
from fixloop.repair.templates import generate_candidates
spec = json.load(open(sys.argv[1]))
susp = {int(k): v for k, v in spec["suspicious"].items()}
t, cpu = time.perf_counter(), time.process_time()
if sys.argv[2] == "compact":
    from fixloop.repair.compact import generate_compact
    cands = generate_compact(generate_candidates, spec["source"], "big.py", susp, max_candidates=500)
else:
    cands = generate_candidates(spec["source"], "big.py", susp)
digest = hashlib.sha256(repr([(c.template, c.line, c.new_source) for c in cands]).encode())
print(json.dumps({"seconds": time.perf_counter() - t, "cpu": time.process_time() - cpu,
                  "candidates": len(cands), "digest": digest.hexdigest()[:12]}))
"""


def time_src(
    src: Path, spec_path: Path, repeat: int, mode: str = "whole"
) -> tuple[float, int, float, str]:
    """Best wall and CPU seconds, candidate count and digest of ``repeat`` fresh-process runs.

    ``src`` first on the path; ``mode``: ``whole`` (the templates on the whole file) or
    ``compact`` (:func:`fixloop.repair.compact.generate_compact`).
    """
    env = {**os.environ, "PYTHONPATH": str(src)}
    best, count, cpu, digest = float("inf"), 0, float("inf"), ""
    for _ in range(repeat):
        proc = subprocess.run(
            [sys.executable, "-c", _RUN, str(spec_path), mode],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        got = json.loads(proc.stdout.strip().splitlines()[-1])
        best, count = min(best, got["seconds"]), got["candidates"]
        cpu, digest = min(cpu, got["cpu"]), got["digest"]
    return best, count, cpu, digest


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
    ap.add_argument("--file", type=Path, help="a real module instead of the generated one")
    ap.add_argument("--functions", type=int, default=0, help="suspicious lines of K functions")
    ap.add_argument("--compact", action="store_true", help="whole file vs compact text, here")
    args = ap.parse_args(argv)
    source = args.file.read_text(encoding="utf-8") if args.file else make_module(args.lines)
    susp = _suspicious(source, args.suspicious, args.functions)
    with tempfile.TemporaryDirectory() as tmp:
        spec = Path(tmp) / "spec.json"
        spec.write_text(json.dumps({"source": source, "suspicious": susp}))
        print(f"module: {source.count(chr(10))} lines, {len(susp)} suspicious lines")
        if args.compact:
            runs = {m: time_src(ROOT / "src", spec, args.repeat, m) for m in ("whole", "compact")}
            for m, (wall, n, cpu, digest) in runs.items():
                print(f"{m}: {wall:.1f} s ({cpu:.1f} CPU s), {n} candidates, digest {digest}")
            same = runs["whole"][3] == runs["compact"][3]
            print(f"same candidates in the same order: {'yes' if same else 'NO'}")
            print(
                f"ratio compact / whole: {runs['compact'][0] / runs['whole'][0]:.2f} (wall), "
                f"{runs['compact'][2] / runs['whole'][2]:.2f} (CPU)"
            )
            return 0 if same else 1
        here, n_here, _, _ = time_src(ROOT / "src", spec, args.repeat)
        print(f"this checkout: {here:.1f} s, {n_here} candidates")
        if args.rev:
            rev = export_src(args.rev, Path(tmp) / "rev")
            there, n_there, _, _ = time_src(rev, spec, args.repeat)
            print(f"{args.rev}: {there:.1f} s, {n_there} candidates")
            print(f"ratio this / {args.rev}: {here / there:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
