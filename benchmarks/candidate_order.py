"""The fix templates' candidate order, hashed per file, to show a refactoring changed no candidate.

For every ``.py`` file of the development suites' programs (``<suite>/<task>/repo/**``: the dev
suite under ``$FIXLOOP_SHARED/benchdata/bugsuite-dev`` and ``benchmarks/data/heldout``,
``heldout2``, ``heldout3``, ``heldout4``) and of ``examples/``, the candidates of
:func:`fixloop.repair.templates.generate_candidates` are generated for two suspiciousness maps
(the first 60 lines descending, and the last 60 lines descending: ``MAX_LINES`` expands 60) with
no length limit, and those of :func:`fixloop.repair.templates_names.hinted_candidates` for
failure hints drawn from the file itself (its two alphabetically first names and attribute names,
``NoneType``, the characters ``-_``). Each candidate contributes its template, line,
description, score and new source, in order, to one SHA-1 per file and map.

``--out F`` writes ``path<TAB>map<TAB>count<TAB>sha1`` lines; ``--compare F`` prints the lines
that differ from a file written before and exits 1 when any does. Run it with a fixed
``PYTHONHASHSEED`` and again with another one to check the order does not depend on it.
``heldout6`` (the suite kept back for the lead's measurement; heldout5 was measured and is a
tuning set now) is never read.

Usage: python benchmarks/candidate_order.py [--out F] [--compare F] [--suite DIR ...]
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from fixloop.repair.templates import generate_candidates  # noqa: E402
from fixloop.repair.templates_names import FailureHints, hinted_candidates  # noqa: E402

SHARED = Path(os.environ.get("FIXLOOP_SHARED", ROOT.parent / "shared"))
KEPT_BACK = "heldout6"


def default_suites() -> list[Path]:
    """The development suites and ``examples/`` (those that exist here)."""
    out = [SHARED / "benchdata" / "bugsuite-dev"]
    out += [
        ROOT / "benchmarks" / "data" / n for n in ("heldout", "heldout2", "heldout3", "heldout4")
    ]
    out.append(ROOT / "examples")
    return [p for p in out if p.is_dir()]


def program_files(suite: Path) -> list[Path]:
    """The ``.py`` files of a suite's programs (``*/repo/**``), or every one under ``examples``."""
    if KEPT_BACK in suite.parts:
        raise SystemExit(f"{suite}: {KEPT_BACK} is kept back, never read")
    if (suite / "README.md").exists() and any(suite.glob("*/repo")):
        files = [p for p in suite.glob("*/repo/**/*.py")]
    else:
        files = list(suite.rglob("*.py"))
    return sorted(p for p in files if ".venv" not in p.parts and "__pycache__" not in p.parts)


def _hints(source: str) -> FailureHints:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return FailureHints()
    names = sorted({n.id for n in ast.walk(tree) if isinstance(n, ast.Name)})
    attrs = sorted({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)})
    return FailureHints(
        undefined=set(names[:2]), attributes=set(attrs[:2]), none_used=True, chars={"-", "_"}
    )


def digests(path: Path, rel: str) -> list[tuple[str, int, str]]:
    """``(map, candidate count, sha1)`` for one file."""
    source = path.read_text(encoding="utf-8", errors="replace")
    n = len(source.splitlines())
    maps = {
        "first": {i: 1.0 - i / (n + 2) for i in range(1, n + 1)},
        "last": {i: 0.01 + i / (n + 2) for i in range(1, n + 1)},
    }
    out = []
    for name, susp in maps.items():
        h = hashlib.sha1()
        cands = generate_candidates(source, rel, susp, max_candidates=10**9)
        for c in cands:
            h.update(f"{c.template}\0{c.line}\0{c.description}\0{c.score!r}\0".encode())
            h.update(c.new_source.encode("utf-8", "surrogatepass"))
        out.append((name, len(cands), h.hexdigest()))
    h = hashlib.sha1()
    hinted = hinted_candidates(source, rel, maps["first"], _hints(source), limit=10**9)
    for c in hinted:
        h.update(f"{c.template}\0{c.line}\0{c.description}\0{c.score!r}\0".encode())
        h.update(c.new_source.encode("utf-8", "surrogatepass"))
    out.append(("hinted", len(hinted), h.hexdigest()))
    return out


def main(argv: list[str] | None = None) -> int:
    """Write or compare the per-file candidate hashes; 1 when a compared line differs."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, action="append", default=[])
    ap.add_argument("--out", type=Path)
    ap.add_argument("--compare", type=Path)
    args = ap.parse_args(argv)
    suites = args.suite or default_suites()
    t0 = time.perf_counter()
    lines: list[str] = []
    total = 0
    for suite in suites:
        for p in program_files(suite):
            rel = str(p.relative_to(suite))
            for name, count, sha in digests(p, rel):
                total += count
                lines.append(f"{suite.name}/{rel}\t{name}\t{count}\t{sha}")
    text = "\n".join(lines) + "\n"
    print(
        f"{len(lines)} file-maps, {total} candidates, {time.perf_counter() - t0:.0f} s",
        file=sys.stderr,
    )
    if args.out:
        args.out.write_text(text)
    if args.compare:
        before = args.compare.read_text().splitlines()
        now = text.splitlines()
        diff = sorted(set(before) ^ set(now))
        for d in diff:
            print(("- " if d in before else "+ ") + d)
        print(f"{len(diff)} lines differ of {len(now)}", file=sys.stderr)
        return 1 if diff else 0
    if not args.out:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
