"""search_code speed: the regex module (with its timeout) against the standard library's re.

Usage::

    python benchmarks/search_speed.py [--files 600] [--lines 300] [--reps 7]

Writes a synthetic project (``--files`` Python files of ``--lines`` lines each, code-like text)
and runs ``Tools.search_code`` over it for a few typical patterns (a word, a definition, an
alternation, a case-insensitive word, one that never matches), interleaved in one session so
that both engines share any drift in machine load:

- ``regex``: fixloop as it is (the ``regex`` module, a ``timeout`` on every search call);
- ``re``: the same code with the engine swapped for the standard library's ``re`` (no time
  limit: the engine search_code used before the deadline was added).

Prints each pattern's medians and the median of the per-pair ratios regex/re (target: at most
1.5; the deadline must not make ordinary searches much slower). Measured on 2026-11-30 (2 loaded
cores, 300 files): about 2.0-2.4 for patterns hitting every third line, about 1.0 for patterns
that never match: the regex module checks its timeout clock at every match, which costs a few
microseconds per hit. Not yet at the target; issue 18's ripgrep engine is the way past it.
"""

from __future__ import annotations

import argparse
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import fixloop.tools.search as search_mod
from fixloop.tools import Tools
from fixloop.workspace import Workspace

PATTERNS = [
    r"compute_total",
    r"def \w+_\d+\(",
    r"return (left|right) \+",
    r"(?i)VALUE_ERROR",
    r"never_present_anywhere_\d{9}",
]


class _ReEngine:
    """Stands in for the ``regex`` module: ``re`` underneath, the timeout ignored."""

    error = re.error
    MULTILINE = re.MULTILINE
    IGNORECASE = re.IGNORECASE

    @staticmethod
    def compile(pattern: str, flags: int = 0) -> Any:
        rx = re.compile(pattern, flags)

        class _P:
            def search(self, text: str, pos: int = 0, timeout: float | None = None) -> Any:
                return rx.search(text, pos)

            def finditer(self, text: str, pos: int = 0, timeout: float | None = None) -> Any:
                return rx.finditer(text, pos)

        return _P()


def write_project(root: Path, files: int, lines: int) -> None:
    """``files`` modules of ``lines`` code-like lines under ``root/pkg``."""
    for f in range(files):
        body = []
        for i in range(lines // 3):
            body.append(f"def helper_{f}_{i}(left, right):")
            body.append(f"    value_error_{i % 7} = compute_total(left, right) if {i} else None")
            body.append("    return left + right\n" if i % 2 else "    return right + left\n")
        p = root / "pkg" / f"mod_{f}.py"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("\n".join(body))


def one(tools: Tools, pattern: str) -> float:
    t0 = time.perf_counter()
    res = tools.call("search_code", {"pattern": pattern})
    assert res.kind in ("ok",), res.content[:300]
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--files", type=int, default=600)
    ap.add_argument("--lines", type=int, default=300)
    ap.add_argument("--reps", type=int, default=7)
    args = ap.parse_args()
    real = search_mod.regex
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        write_project(root, args.files, args.lines)
        tools = Tools(Workspace(root), None)
        ratios: list[float] = []
        for pattern in PATTERNS:
            times: dict[str, list[float]] = {"regex": [], "re": []}
            for _ in range(args.reps):
                search_mod.regex = real
                times["regex"].append(one(tools, pattern))
                search_mod.regex = _ReEngine  # type: ignore[assignment]
                times["re"].append(one(tools, pattern))
            search_mod.regex = real
            pair = [a / b for a, b in zip(times["regex"], times["re"], strict=True)]
            ratios.append(statistics.median(pair))
            print(
                f"{pattern!r:34} regex {statistics.median(times['regex']) * 1000:7.1f} ms   "
                f"re {statistics.median(times['re']) * 1000:7.1f} ms   "
                f"ratio {statistics.median(pair):.2f}"
            )
    print(f"median ratio regex/re over {len(PATTERNS)} patterns: {statistics.median(ratios):.2f}")
    print("target: at most 1.5")


if __name__ == "__main__":
    main()
