"""Learn the per-template ranking factors of the repair engine from its own mutation runs.

Corpus: ``benchmarks/mutation_corpus.py`` (small correct functions written for this script) and
a few of fixloop's own modules (``--files``). Never a benchmark suite: the factors must not be
fit on the tasks that measure the engine.

1. **Inject**: for every function of the corpus, the templates' own candidates for its lines
   (:func:`fixloop.repair.templates.generate_candidates` with the hand-set priors alone) are
   mutants of correct code: a boundary mutant is the bug ``compare-boundary`` fixes, a deleted
   statement the bug an insertion fixes, an inserted one the bug ``delete-statement`` fixes, a
   ``max(0, e)`` the bug ``drop-call`` fixes, and so on. At most ``--per-template`` mutants per
   injecting template (seeded sample), so every kind weighs the same.
2. **Repair**: for each mutant, the changed lines get suspiciousness 1.0 and the rest of the
   function 0.5 (localization is never exact), and the generator runs again. The mutant is
   *fixed* at rank r when the r-th candidate is the original program (same ``ast.dump``).
3. **Count**: per template, ``fixed`` (the fixes it made) and ``candidates`` (its candidates
   ranked at or above the fix, or in the first 200 when no fix was found); the factors follow
   :func:`fixloop.repair.priors.factors_from_counts`.
4. **Check**: functions are split in two folds by name; factors fit on one fold re-rank the
   other fold's candidates, and the script prints the mean reciprocal rank and the top-10 rate
   with and without them (both ways round), so a prior that does not generalize shows.

Writes ``src/fixloop/repair/template_prior.json`` (``--out``) from all mutants.

``--refit`` skips the runs: it recomputes the factors of ``--out`` from the counts stored there
(after a change of the formula in :mod:`fixloop.repair.priors`).

Usage: python benchmarks/mutation_prior.py [--per-template N] [--seed S] [--out PATH] [--dry-run]
                                           [--refit]
"""

from __future__ import annotations

import argparse
import ast
import difflib
import hashlib
import json
import random
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "src") not in sys.path:
    sys.path.insert(0, str(ROOT / "src"))

from template_coverage import same_program  # noqa: E402  (the script's folder is on sys.path)

from fixloop.repair.priors import PRIOR_FILE, factors_from_counts  # noqa: E402
from fixloop.repair.templates import generate_candidates  # noqa: E402

CORPUS = [
    ROOT / "benchmarks" / "mutation_corpus.py",
    ROOT / "src" / "fixloop" / "repair" / "candidate.py",
    ROOT / "src" / "fixloop" / "repair" / "budgets.py",
    ROOT / "src" / "fixloop" / "agent" / "loopdetect.py",
    ROOT / "src" / "fixloop" / "testrun" / "junit.py",
    ROOT / "src" / "fixloop" / "tamper_fold.py",
]
COUNT_CAP = 200
#: lines of each function whose mutations are injected (a seeded sample)
LINES_PER_FUNCTION = 3


@dataclass
class Mutant:
    """One injected bug: the buggy file, the correct one, the function and the injector."""

    path: str
    func: str
    original: str
    buggy: str
    injected_by: str
    lines: tuple[int, int]  # the function's lines in the buggy file (1-based, inclusive)


@dataclass
class Outcome:
    """The repair of one mutant: candidates (template, score, prior) and the fix's index."""

    mutant: Mutant
    ranked: list[tuple[str, float, float]] = field(default_factory=list)
    fix: int | None = None  # 0-based index in ``ranked``


def base(template: str) -> str:
    return template.split("+", 1)[0].split("&", 1)[0]


def functions(source: str) -> list[tuple[str, int, int]]:
    """(qualified name, first body line, last line) of every function of the file."""
    out = []
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            for m in node.body:
                if isinstance(m, ast.FunctionDef):
                    m.name = f"{node.name}.{m.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if len(node.body) == 1:
                    continue
                first = node.body[1]
            out.append((node.name, first.lineno, node.end_lineno or first.lineno))
    return out


def inject(path: Path, per_template: int, rng: random.Random) -> dict[str, list[Mutant]]:
    """Mutants of the functions of ``path`` (a few sampled lines each), by injecting template."""
    source = path.read_text(encoding="utf-8")
    rel = str(path.relative_to(ROOT))
    out: dict[str, list[Mutant]] = defaultdict(list)
    n_lines = len(source.splitlines())
    for name, lo, hi in functions(source):
        if hi - lo > 40:
            continue  # long functions: the templates' line limit would cut them anyway
        lines = list(range(lo, hi + 1))
        for line in rng.sample(lines, min(LINES_PER_FUNCTION, len(lines))):
            made = generate_candidates(source, rel, {line: 1.0}, max_candidates=100000, factors={})
            for c in made:
                if "&" in c.template:
                    continue
                delta = len(c.new_source.splitlines()) - n_lines
                out[base(c.template)].append(
                    Mutant(rel, name, source, c.new_source, base(c.template), (lo, hi + delta))
                )
    for k, v in out.items():
        rng.shuffle(v)
        out[k] = v[: per_template * 3]
    return out


def changed_lines(old: str, new: str) -> set[int]:
    """Lines of ``new`` (1-based) that differ from ``old``; around a pure deletion, its neighbours."""
    a, b = old.splitlines(), new.splitlines()
    out: set[int] = set()
    for tag, _i1, _i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        if j2 > j1:
            out.update(range(j1 + 1, j2 + 1))
        else:
            out.update(n for n in (j1, j1 + 1) if 1 <= n <= len(b))
    return out


def repair(m: Mutant) -> Outcome:
    """Generate fixes for one mutant (hand-set priors alone) and find the original among them."""
    lo, hi = m.lines
    susp = {ln: 0.5 for ln in range(lo, hi + 1)}
    for ln in changed_lines(m.original, m.buggy):
        susp[ln] = 1.0
    cands = generate_candidates(m.buggy, m.path, susp, max_candidates=COUNT_CAP, factors={})
    out = Outcome(m, [(base(c.template), c.score, c.prior) for c in cands])
    for i, c in enumerate(cands):
        if same_program(c.new_source, m.original):
            out.fix = i
            break
    return out


def rerank(o: Outcome, factors: dict[str, float]) -> int | None:
    """The fix's 1-based rank once the candidates' scores carry ``factors`` (None: not found)."""
    if o.fix is None:
        return None
    keyed = sorted(
        range(len(o.ranked)),
        key=lambda i: (
            -o.ranked[i][1] * factors.get(o.ranked[i][0], 1.0),
            -o.ranked[i][2] * factors.get(o.ranked[i][0], 1.0),
            i,
        ),
    )
    return keyed.index(o.fix) + 1


def counts(outcomes: list[Outcome]) -> dict[str, dict[str, float]]:
    """Per template: fixes made, and candidates ranked at or above the fix (see the docstring)."""
    table: dict[str, dict[str, float]] = defaultdict(lambda: {"fixed": 0, "candidates": 0})
    ranks: dict[str, list[int]] = defaultdict(list)
    for o in outcomes:
        top = o.ranked[: (o.fix + 1) if o.fix is not None else COUNT_CAP]
        for template, _, _ in top:
            table[template]["candidates"] += 1
        if o.fix is not None:
            t = o.ranked[o.fix][0]
            table[t]["fixed"] += 1
            ranks[t].append(o.fix + 1)
    for t, rs in ranks.items():
        rs.sort()
        table[t]["median_rank"] = rs[len(rs) // 2]
    return dict(table)


def summary(outcomes: list[Outcome], factors: dict[str, float]) -> tuple[float, float]:
    """(mean reciprocal rank, share of mutants fixed within the first 10) under ``factors``."""
    if not outcomes:
        return 0.0, 0.0
    ranks = [rerank(o, factors) for o in outcomes]
    mrr = sum(1.0 / r for r in ranks if r) / len(ranks)
    top10 = sum(1 for r in ranks if r and r <= 10) / len(ranks)
    return mrr, top10


def fold_of(m: Mutant) -> int:
    return hashlib.sha256(f"{m.path}:{m.func}".encode()).digest()[0] % 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--per-template", type=int, default=30, help="mutants per injecting template")
    ap.add_argument("--seed", type=int, default=19)
    ap.add_argument("--out", type=Path, default=PRIOR_FILE)
    ap.add_argument("--dry-run", action="store_true", help="print, write nothing")
    ap.add_argument("--refit", action="store_true", help="recompute the factors of --out only")
    args = ap.parse_args(argv)
    if args.refit:
        data = json.loads(args.out.read_text(encoding="utf-8"))
        factors = factors_from_counts(data["templates"])
        for t, row in data["templates"].items():
            row["factor"] = round(factors.get(t, 1.0), 3)
        args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        print(f"refit {len(factors)} factors in {args.out}")
        return 0
    rng = random.Random(args.seed)
    t0 = time.monotonic()
    pool: dict[str, list[Mutant]] = defaultdict(list)
    for path in CORPUS:
        for k, v in inject(path, args.per_template, rng).items():
            pool[k].extend(v)
    mutants: list[Mutant] = []
    for k in sorted(pool):
        rng.shuffle(pool[k])
        mutants.extend(pool[k][: args.per_template])
    print(
        f"{len(mutants)} mutants from {len(pool)} injecting templates "
        f"({time.monotonic() - t0:.0f} s)",
        flush=True,
    )
    outcomes = []
    for i, m in enumerate(mutants, 1):
        outcomes.append(repair(m))
        if i % 100 == 0:
            print(f"  {i} repaired ({time.monotonic() - t0:.0f} s)", flush=True)
    fixed = sum(o.fix is not None for o in outcomes)
    print(
        f"repaired: fix among the candidates for {fixed}/{len(outcomes)} ({time.monotonic() - t0:.0f} s)"
    )
    # held-out check: fit on one fold, measure on the other
    for fit in (0, 1):
        train = [o for o in outcomes if fold_of(o.mutant) == fit]
        test = [o for o in outcomes if fold_of(o.mutant) != fit]
        f = factors_from_counts(counts(train))
        mrr0, top0 = summary(test, {})
        mrr1, top1 = summary(test, f)
        print(
            f"fold {fit} -> {1 - fit}: MRR {mrr0:.3f} -> {mrr1:.3f}, "
            f"top-10 {top0:.1%} -> {top1:.1%} ({len(train)} fit, {len(test)} measured)"
        )
    table = counts(outcomes)
    factors = factors_from_counts(table)
    print(f"\n{'template':24} {'fixed':>5} {'cands':>6} {'median':>6} {'factor':>6}")
    for t in sorted(table, key=lambda t: -factors.get(t, 1.0)):
        row = table[t]
        print(
            f"{t:24} {int(row['fixed']):5d} {int(row['candidates']):6d} "
            f"{row.get('median_rank', '-')!s:>6} {factors.get(t, 1.0):6.2f}"
        )
    if args.dry_run:
        return 0
    data = {
        "about": "per-template ranking factors from benchmarks/mutation_prior.py (fixloop's own "
        "mutation runs on benchmarks/mutation_corpus.py and fixloop modules; no benchmark suite)",
        "seed": args.seed,
        "mutants": len(outcomes),
        "fixed": fixed,
        "templates": {
            t: {
                "fixed": int(table[t]["fixed"]),
                "candidates": int(table[t]["candidates"]),
                "factor": round(factors.get(t, 1.0), 3),
            }
            for t in sorted(table)
        },
    }
    args.out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
