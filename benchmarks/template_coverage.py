"""Template expressiveness on the dev bug suite, with oracle fault localization.

For each task of ``../shared/benchdata/bugsuite-dev`` (skipped cleanly when absent): apply the
reference ``solution.patch`` to learn which lines it changes, give exactly those lines
suspiciousness 1.0 (for a pure insertion: the lines around it), generate candidates with
:func:`fixloop.repair.templates.generate_candidates`, and look for a candidate whose file is
the solution's file, exactly or as the same syntax tree (``ast.dump`` equal, so formatting and
comments do not count). When no single-location candidate matches, two-location candidates from
:func:`~fixloop.repair.templates.pair_candidates` are searched too.

This measures what the templates can express, separately from fault localization and from test
validation. ``--semantic N`` additionally runs the task's visible and hidden tests (plain pytest in
a temporary copy, no sandbox: the suite's own trusted tasks) on the first N candidates of tasks no
candidate matches exactly, to count fixes that differ in text but pass every test (a different
exception message, an equivalent bound).

``--probe`` instead runs the per-kind probes of :mod:`template_probes` (small snippets written for
the probe, one per kind of issue 19: does the template set generate the fix, at what rank), which
need no suite.

Usage: python benchmarks/template_coverage.py [--suite DIR] [--semantic N] [--task ID] [-v] [--probe]
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from fixloop.repair.templates import generate_candidates, pair_candidates  # noqa: E402

SHARED = Path(os.environ.get("FIXLOOP_SHARED", ROOT.parent / "shared"))
DEFAULT_SUITE = SHARED / "benchdata" / "bugsuite-dev"

_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def parse_patch(text: str) -> dict[str, list[tuple[int, list[str]]]]:
    """Unified diff -> {path: [(old_start, hunk_lines)]} (paths without the a/ b/ prefix)."""
    files: dict[str, list[tuple[int, list[str]]]] = {}
    path = None
    hunk: list[str] | None = None
    for line in text.splitlines(keepends=True):
        if line.startswith("+++ "):
            name = line[4:].strip().split("\t")[0]
            path = name[2:] if name.startswith("b/") else name
            files.setdefault(path, [])
            hunk = None
        elif line.startswith("--- "):
            hunk = None
        elif line.startswith("@@") and path is not None:
            m = _HUNK.match(line)
            if m:
                hunk = []
                files[path].append((int(m.group(1)), hunk))
        elif hunk is not None and line[:1] in (" ", "-", "+", "\\"):
            hunk.append(line)
    return files


def apply_patch(old: str, hunks: list[tuple[int, list[str]]]) -> tuple[str, set[int]]:
    """The patched text and the changed old lines (1-based; around pure insertions)."""
    lines = old.splitlines(keepends=True)
    out: list[str] = []
    changed: set[int] = set()
    pos = 0  # 0-based index into lines
    for start, body in hunks:
        start0 = max(start - 1, 0)
        out.extend(lines[pos:start0])
        pos = start0
        for h in body:
            tag, text = h[:1], h[1:]
            if tag == " ":
                out.append(lines[pos])
                pos += 1
            elif tag == "-":
                changed.add(pos + 1)
                pos += 1
            elif tag == "+":
                out.append(text)
                if not changed or (pos not in changed and pos + 1 not in changed):
                    changed.update(n for n in (pos, pos + 1) if 1 <= n <= len(lines))
    out.extend(lines[pos:])
    return "".join(out), changed


def same_program(a: str, b: str) -> bool:
    if a == b:
        return True
    try:
        return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))
    except SyntaxError:
        return False


def run_tests(task: Path, rel: str, new_source: str, timeout: float = 60.0) -> bool:
    """Whether the visible and hidden tests pass with ``new_source`` as ``rel``."""
    with tempfile.TemporaryDirectory(prefix="tplcov-") as tmp:
        work = Path(tmp) / "repo"
        shutil.copytree(task / "repo", work)
        hidden = task / "hidden"
        if hidden.is_dir():
            shutil.copytree(hidden, work, dirs_exist_ok=True)
        (work / rel).write_text(new_source)
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"],
                cwd=work,
                capture_output=True,
                timeout=timeout,
                env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
            )
        except subprocess.TimeoutExpired:
            return False
        return proc.returncode == 0


def first_passing(task: Path, rel: str, pool: list) -> tuple[int, object] | None:
    """The first (rank, candidate) of ``pool`` whose tests pass; batches run in parallel."""
    workers = max(2, os.cpu_count() or 2)
    with ThreadPoolExecutor(max_workers=workers) as ex:
        for lo in range(0, len(pool), workers):
            batch = pool[lo : lo + workers]
            oks = list(ex.map(partial(_passes, task, rel), batch))
            for k, (c, ok) in enumerate(zip(batch, oks, strict=True)):
                if ok:
                    return lo + k + 1, c
    return None


def _passes(task: Path, rel: str, cand) -> bool:
    return run_tests(task, rel, cand.new_source)


def evaluate(task: Path, semantic: int, verbose: bool) -> dict:
    patch = parse_patch((task / "solution.patch").read_text())
    result = {
        "task": task.name,
        "kind": _kind(task),
        "rank": None,
        "how": "-",
        "n": 0,
        "template": "",
        "seconds": 0.0,
    }
    t0 = time.monotonic()
    for rel, hunks in patch.items():
        path = task / "repo" / rel
        if not path.is_file() or not rel.endswith(".py"):
            continue
        old = path.read_text()
        expected, changed = apply_patch(old, hunks)
        susp = {ln: 1.0 for ln in changed}
        cands = generate_candidates(old, rel, susp)
        result["n"] += len(cands)
        for i, c in enumerate(cands, 1):
            if same_program(c.new_source, expected):
                result.update(rank=i, how="single", template=c.template)
                break
        else:
            pairs = pair_candidates(cands)
            for i, c in enumerate(pairs, 1):
                if same_program(c.new_source, expected):
                    result.update(rank=len(cands) + i, how="pair", template=c.template)
                    break
            else:
                if semantic:
                    hit = first_passing(task, rel, (cands + pairs)[:semantic])
                    if hit is not None:
                        result.update(rank=hit[0], how="tests", template=hit[1].template)
        if verbose and result["rank"] is None:
            print(f"  {task.name}: changed lines {sorted(changed)}; top candidates:")
            for c in cands[:5]:
                print(f"    {c.score:.2f} {c.template:22} {c.description}")
    result["seconds"] = time.monotonic() - t0
    return result


def _kind(task: Path) -> str:
    m = re.search(r'^kind\s*=\s*"([^"]*)"', (task / "task.toml").read_text(), re.M)
    return m.group(1) if m else "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", type=Path, default=DEFAULT_SUITE)
    ap.add_argument(
        "--semantic",
        type=int,
        default=0,
        metavar="N",
        help="run the tests on the first N candidates of tasks without an exact match",
    )
    ap.add_argument("--task", action="append", default=[], help="only these task ids")
    ap.add_argument("-v", "--verbose", action="store_true")
    ap.add_argument("--probe", action="store_true", help="run the per-kind probes instead")
    args = ap.parse_args(argv)
    if args.probe:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import template_probes

        return template_probes.main()
    if not args.suite.is_dir():
        print(f"suite not found: {args.suite} (skipped)")
        return 0
    tasks = sorted(p for p in args.suite.iterdir() if (p / "solution.patch").is_file())
    if args.task:
        tasks = [t for t in tasks if t.name in args.task]
    print(f"{'task':28} {'kind':34} {'rank':>6} {'how':7} {'cands':>5} {'s':>5}  template")
    rows = []
    for t in tasks:
        r = evaluate(t, args.semantic, args.verbose)
        rows.append(r)
        rank = "-" if r["rank"] is None else str(r["rank"])
        print(
            f"{r['task']:28} {r['kind']:34} {rank:>6} {r['how']:7} {r['n']:5d} "
            f"{r['seconds']:5.2f}  {r['template']}",
            flush=True,
        )
    exact = [r for r in rows if r["how"] in ("single", "pair")]
    tested = [r for r in rows if r["how"] == "tests"]
    ranks = [r["rank"] for r in exact]
    print()
    print(
        f"expressible (same program): {len(exact)}/{len(rows)}"
        f" (single {sum(r['how'] == 'single' for r in rows)}, pair "
        f"{sum(r['how'] == 'pair' for r in rows)}); median rank "
        f"{statistics.median(ranks) if ranks else '-'}"
    )
    if args.semantic:
        print(
            f"further fixes that pass all tests (first {args.semantic} candidates): "
            f"{len(tested)} -> {len(exact) + len(tested)}/{len(rows)}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
