"""Fix templates: candidate patches for the suspicious lines of one Python file.

The repair engine (generate-and-validate, in the line of GenProg, PraPR and TBar) ranks
suspicious lines, asks :func:`generate_candidates` for patches of each suspicious file and
validates them by running tests. Templates work on a libcst syntax tree and splice text at exact
node ranges, so a candidate differs from the source only where the template changed it.

Sources:
- GenProg: Le Goues, Nguyen, Forrest, Weimer, "GenProg: A Generic Method for Automatic Software
  Repair", IEEE TSE 2012 (statement deletion, insertion and replacement from the same program).
- PraPR: Ghanbari, Benton, Zhang, "Practical Program Repair via Bytecode Mutation", ISSTA 2019
  (operator, constant, variable, method-call and argument mutators).
- TBar: Liu, Koyuncu, Kim, Bissyande, "TBar: Revisiting Template-based Automated Program Repair",
  ISSTA 2019 (fix patterns FP1-FP15: condition, null/range checks, literals, method invocations,
  operators, return statements, variables, move and remove statement).

Templates (``Candidate.template`` names; priors in ``PRIORS``):
  expression level (:mod:`.templates_expr`): ``compare-boundary`` / ``compare`` (relational
  operators), ``binop`` / ``binop-other`` (arithmetic, bitwise, shift), ``augassign``,
  ``assign-kind`` (``+=`` <-> ``=``), ``boolop`` (and/or), ``negate-condition``,
  ``drop-condition``, ``off-by-one`` (range/slice/index/len bounds +-1, a stray +-1 dropped),
  ``constant-off-by-one``, ``constant-negate``, ``constant-replace``, ``constant-common``,
  ``constant-to-variable``, ``bool-literal``, ``variable``, ``variable-attribute``,
  ``swap-operands``, ``swap-literals``, ``swap-elements``, ``swap-params``, ``call-swap-args``,
  ``call-add-arg``, ``call-copy-args``, ``call-drop-arg``, ``method-name``, ``drop-call``,
  ``format-spec``, ``f-string-prefix``, ``string-literal``, ``exception-type``.
  statement level (:mod:`.templates_stmt`): ``delete-statement``, ``delete-compound``,
  ``insert-statement``, ``insert-parallel-update``, ``insert-guard``, ``insert-loop-step``,
  ``insert-init-attribute``, ``insert-break``, ``wrap-try``, ``move-statement``,
  ``unwrap-condition``, ``return-variable``, ``missing-return``, ``mutable-default``.
  from the surrounding code (:mod:`.templates_context`, :mod:`.templates_context_stmt`):
  ``wrap-or-default`` with another attribute, a reversed ``+`` chain, ``wrap-len`` for strings,
  ``arg-off-by-one`` for integer-like names, ``insert-mirror-update`` for assignments,
  ``insert-branch-push``, ``delete-duplicate`` (``string-expected`` comes through the engine);
  ``insert-outer-statement`` (a statement of another method of the class or of an enclosing
  function) and ``insert-inverse`` (a push undoing a pop nothing undoes) (:mod:`.templates_blocks`);
  ``table-complete`` (:mod:`.templates_table`): the rows a literal table's scaling pattern
  implies.
  reach (:mod:`.templates_reach`): pieces the program sets up and never uses, put where they
  belong (an unread local, constant, collection or exception class; an optional field shown).
  state (:mod:`.templates_state`): ``insert-pointer-advance``, ``insert-new-push``,
  ``insert-shortfall-guard``, ``wrap-min-room`` and a ``wrap-or-default`` borrowed from the
  file's own default of the same field. offsets (:mod:`.templates_offsets`): ``offset-shift``
  (``a + n`` -> ``a + n - 1`` as a call's argument or an index) and ``key-measure`` (``e`` ->
  ``-len(e)`` in a sort key), ``insert-dispatch-copy`` (a sibling operator branch's push,
  its operator made this branch's). mirror (:mod:`.templates_mirror`): ``insert-twin-branch``
  (a twin branch's extra statement, the names its test differs in swapped), a counter update of
  another method undone under the names its guard equates, ``wrap-str`` on a number's text
  method. setters (:mod:`.templates_setters`): ``insert-setter-guard`` (``if v < 0: raise E(v)``
  at the top of a setter storing ``v``, ``E`` the module's exception nothing raises).
  idioms (:mod:`.templates_idioms`): ``alias-local`` (a name bypassing the local that stands
  for it), ``wrap-str`` (a number joined into text), ``wrap-or-default`` on a receiver,
  ``constant-from-doc`` (the number a docstring states), ``dict-key`` (a key's near spelling).
  shapes (:mod:`.templates_shapes`): ``constant-from-doc`` by unit, ``wrap-str`` in a joined
  display or a text accumulator, ``wrap-min-stock``, ``insert-unfilled-push``,
  ``insert-sibling-guard``, ``binop-sibling``.
  multi-location: ``<template>+everywhere`` (the same line-level fix applied to every identical
  line of the file) from :func:`generate_candidates`, and pairs from :func:`pair_candidates` /
  :func:`combine` (two single-location candidates applied together).

Engine notes: :func:`generate_candidates` returns single-location candidates (and the
``+everywhere`` ones) sorted by ``score = suspiciousness x prior``. When none of them passes,
call :func:`pair_candidates` on the list for two-location patches (the same mistake made twice,
as in multi-location bugs); pairs of the same template rank first. :func:`combine` merges any
two candidates (same file: both changes in one ``new_source``; different files: ``also``).
"""

from __future__ import annotations

import difflib
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence

from libcst import FunctionDef, ParserSyntaxError

from .candidate import Candidate
from .parsecache import file_info, valid
from .priors import learned_factors
from .templates_ast import Edit, FileInfo, Mutation, apply_edits, guarded, parses
from .templates_base import PRIORS
from .templates_blocks import block_mutations
from .templates_context import context_mutations
from .templates_context_stmt import context_statement_mutations
from .templates_evidence import evidence_mutations
from .templates_expr import expression_mutations
from .templates_guards import guard_stmt_mutations
from .templates_idioms import idiom_mutations
from .templates_insert import insert_more_mutations
from .templates_mirror import mirror_header_mutations, mirror_statement_mutations
from .templates_missing import missing_mutations
from .templates_names import name_mutations
from .templates_offsets import dispatch_copy_mutations, offset_header_mutations
from .templates_omitted import omitted_mutations
from .templates_positions import decorator_stmt
from .templates_reach import reach_header_mutations, reach_statement_mutations
from .templates_reset import reset_mutations
from .templates_setters import setter_mutations
from .templates_shapes import shape_header_mutations, shape_statement_mutations
from .templates_state import state_header_mutations, state_statement_mutations
from .templates_stmt import function_mutations, statement_mutations
from .templates_table import table_mutations
from .templates_wrap import wrap_mutations
from .templates_wrappers import wrapper_stmt_mutations

__all__ = [
    "PRIORS",
    "combine",
    "generate_candidates",
    "pair_candidates",
]

#: at most this many suspicious lines are expanded (highest suspiciousness first)
MAX_LINES = 60
#: at most this many mutations per statement (highest prior first)
PER_LINE = 80
EVERYWHERE_FACTOR = 0.9


def generate_candidates(
    source: str,
    path: str,
    suspicious: dict[int, float],
    *,
    max_candidates: int = 500,
    per_line: int = PER_LINE,
    factors: Mapping[str, float] | None = None,
) -> list[Candidate]:
    """Candidate patches of one file for its suspicious lines, best first.

    Args:
        source: the file's text.
        path: the file's path (copied into each candidate).
        suspicious: 1-based line -> suspiciousness in [0, 1]; lines with 0 are ignored.
        max_candidates: the length limit of the result.
        per_line: the limit of mutations tried per suspicious statement (highest prior first).
        factors: template -> ranking factor multiplied into its hand-set prior; None: the
            factors learned from mutation runs (:mod:`.priors`, ``template_prior.json``); ``{}``:
            the hand-set priors alone. Priors are divided by the largest factor (at least 1), so
            they stay in (0, 1] and only their order changes.

    Returns:
        candidates with ``score = suspiciousness * prior``, sorted by score (then prior, then
        line), deduplicated by ``new_source``; each one parses and differs from ``source``.
        Empty when the source does not parse. A template that raises on one node costs only its
        own mutations there (:func:`.templates_ast.guarded`), never the file's other candidates.
    """
    try:
        fi = file_info(source, path, focus=[ln for ln, s in suspicious.items() if s > 0])
    except (ParserSyntaxError, RecursionError, ValueError):
        return []
    lines = sorted(
        ((s, ln) for ln, s in suspicious.items() if s > 0 and 1 <= ln <= len(fi.lines)),
        key=lambda t: (-t[0], t[1]),
    )[:MAX_LINES]
    # (score, prior, line, template, order, description, edits)
    entries: list[tuple[float, float, int, str, int, str, Sequence[Edit]]] = []
    learned = learned_factors() if factors is None else factors
    scale = max([1.0, *learned.values()])
    done_stmts: set[int] = set()
    done_lines: set[tuple[int, int]] = set()
    done_funcs: set[int] = set()
    for susp, line in lines:
        muts: list[Mutation] = []
        st = decorator_stmt(fi, line) or fi.stmt_at(line)  # a decorator: the definition's header
        if st is not None:
            multi = st.header_end > st.start
            # a ``def`` runs as one statement at its first line: the defaults on its header's
            # other lines are mutated with it (they never get a suspiciousness of their own)
            whole = multi and line == st.start and isinstance(st.node, FunctionDef)
            at = None if whole else line
            key = (id(st.node), line if multi else 0)
            if key not in done_lines:
                done_lines.add(key)
                muts.extend(guarded(fi, expression_mutations, fi, st, at))
                muts.extend(guarded(fi, wrap_mutations, fi, st, at))
                muts.extend(guarded(fi, wrapper_stmt_mutations, fi, st, at))
                muts.extend(guarded(fi, evidence_mutations, fi, st, at))
                muts.extend(guarded(fi, idiom_mutations, fi, st, at))
                muts.extend(guarded(fi, name_mutations, fi, st, at))  # real-history kinds
                muts.extend(guarded(fi, context_mutations, fi, st, at))
                muts.extend(guarded(fi, reach_header_mutations, fi, st, at))
                muts.extend(guarded(fi, state_header_mutations, fi, st, at))
                muts.extend(guarded(fi, offset_header_mutations, fi, st, at))
                muts.extend(guarded(fi, mirror_header_mutations, fi, st, at))
                muts.extend(guarded(fi, shape_header_mutations, fi, st, at))
            if id(st.node) not in done_stmts:
                done_stmts.add(id(st.node))
                muts.extend(guarded(fi, statement_mutations, fi, st))
                muts.extend(guarded(fi, insert_more_mutations, fi, st))
                muts.extend(guarded(fi, missing_mutations, fi, st))  # implied by reads
                muts.extend(guarded(fi, block_mutations, fi, st))  # class, enclosing, inverses
                muts.extend(guarded(fi, guard_stmt_mutations, fi, st))
                muts.extend(guarded(fi, context_statement_mutations, fi, st))
                muts.extend(guarded(fi, table_mutations, fi, st))
                muts.extend(guarded(fi, reach_statement_mutations, fi, st))  # unread pieces
                muts.extend(guarded(fi, state_statement_mutations, fi, st))  # state updates
                muts.extend(guarded(fi, dispatch_copy_mutations, fi, st))
                muts.extend(guarded(fi, mirror_statement_mutations, fi, st))  # twins, undone
                muts.extend(guarded(fi, setter_mutations, fi, st))  # a setter's own guard
                muts.extend(guarded(fi, omitted_mutations, fi, st))  # implied by declarations
                muts.extend(guarded(fi, reset_mutations, fi, st))  # an accumulator per group
                muts.extend(guarded(fi, shape_statement_mutations, fi, st))  # heldout11's shapes
        else:
            # an ``elif`` line is no statement's header: its condition is still an expression
            clause = fi.elif_at(line)
            if clause is not None and (id(clause.node), 0) not in done_lines:
                done_lines.add((id(clause.node), 0))
                muts.extend(guarded(fi, expression_mutations, fi, clause, line))
                muts.extend(guarded(fi, wrap_mutations, fi, clause, line))
                muts.extend(guarded(fi, wrapper_stmt_mutations, fi, clause, line))
                muts.extend(guarded(fi, evidence_mutations, fi, clause, line))
                muts.extend(guarded(fi, idiom_mutations, fi, clause, line))
                muts.extend(guarded(fi, context_mutations, fi, clause, line))
        func = _function_at(fi, line)
        if func is not None and id(func.node) not in done_funcs:
            done_funcs.add(id(func.node))
            muts.extend(guarded(fi, function_mutations, fi, func))
        for m in muts:  # scaled by the largest factor: a prior stays in (0, 1]
            m.prior *= learned.get(m.template, 1.0) / scale
        muts.sort(key=lambda m: -m.prior)
        for m in muts[:per_line]:
            n = len(entries)
            entries.append((susp * m.prior, m.prior, m.line, m.template, n, m.description, m.edits))
            try:
                everywhere = _everywhere(fi, m)
            except Exception as exc:  # noqa: BLE001 - costs only the "+everywhere" variant
                fi.template_errors.append(f"{m.template}+everywhere on line {m.line}: {exc!r}")
                everywhere = None
            if everywhere is not None:
                prior = m.prior * EVERYWHERE_FACTOR
                entries.append(
                    (
                        susp * prior,
                        prior,
                        m.line,
                        f"{m.template}+everywhere",
                        n + 1,
                        f"{m.description} (on every identical line)",
                        everywhere,
                    )
                )
    # best first; validate (parse) lazily, only as many as are returned
    entries.sort(key=lambda e: (-e[0], -e[1], e[2], e[3], e[4]))
    out: list[Candidate] = []
    seen: set[str] = {source}
    for score, prior, line, template, _, description, edits in entries:
        if len(out) >= max_candidates:
            break
        try:
            new = apply_edits(source, edits)
            if new in seen:
                continue
            seen.add(new)
            if not valid(fi, new, edits):
                continue
        except Exception as exc:  # noqa: BLE001 - one bad mutation costs only itself
            fi.template_errors.append(f"{template} on line {line}: {exc!r}")
            continue
        out.append(
            Candidate(
                path=path,
                new_source=new,
                template=template,
                description=description,
                line=line,
                prior=prior,
                score=score,
                old_source=source,
            )
        )
    return out


def _function_at(fi: FileInfo, line: int):  # -> FuncInfo | None
    """The innermost function whose lines include ``line``."""
    best = None
    for f in fi.funcs.values():
        if f.start <= line <= f.end and (best is None or f.start >= best.start):
            best = f
    return best


def _everywhere(fi: FileInfo, m: Mutation) -> list[Edit] | None:
    """The edits applying a one-line change to every line that reads the same (indent aside)."""
    if not m.edits:
        return None
    first = min(e.start for e in m.edits)
    last = max(e.end for e in m.edits)
    line_no = _line_index(fi, first)
    if line_no != _line_index(fi, max(last - 1, first)):
        return None
    ls, le = fi.line_starts[line_no], fi.line_starts[line_no + 1]
    if any(e.start < ls or e.end > le for e in m.edits) or any("\n" in e.text for e in m.edits):
        return None
    old_line = fi.source[ls:le]
    key = old_line.strip()
    if len(key) < 6 or len(fi.same_lines.get(key, ())) < 2:
        return None
    new_line = apply_edits(old_line, [Edit(e.start - ls, e.end - ls, e.text) for e in m.edits])
    others = [i for i in fi.same_lines[key] if i != line_no]
    old_indent = old_line[: len(old_line) - len(old_line.lstrip())]
    body = new_line[len(old_indent) :] if new_line.startswith(old_indent) else new_line.lstrip()
    edits = [Edit(ls, le, new_line)]
    for i in others:
        ln = fi.lines[i]
        indent = ln[: len(ln) - len(ln.lstrip())]
        edits.append(Edit(fi.line_starts[i], fi.line_starts[i + 1], indent + body))
    return edits


def _line_index(fi: FileInfo, offset: int) -> int:
    """0-based index of the line holding ``offset``."""
    lo, hi = 0, len(fi.lines) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fi.line_starts[mid] <= offset:
            lo = mid
        else:
            hi = mid - 1
    return lo


# ------------------------------------------------------------------------------ multi-location


Hunk = tuple[int, int, list[str]]


def _hunks(old: Sequence[str], new: Sequence[str]) -> list[Hunk]:
    return [
        (i1, i2, list(new[j1:j2]))
        for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(
            None, old, new, autojunk=False
        ).get_opcodes()
        if tag != "equal"
    ]


def _signature(old: Sequence[str], hunks: list[Hunk]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The removed and added text fragments of a change (character level, stripped)."""
    removed: list[str] = []
    added: list[str] = []
    for i1, i2, repl in hunks:
        a, b = "".join(old[i1:i2]), "".join(repl)
        for tag, x1, x2, y1, y2 in difflib.SequenceMatcher(
            None, a, b, autojunk=False
        ).get_opcodes():
            if tag != "equal":
                removed.append(a[x1:x2].strip())
                added.append(b[y1:y2].strip())
    return tuple(removed), tuple(added)


def _analogous(sa: tuple, sb: tuple) -> bool:
    """The same edit in two places: same text removed, or added, or the same swap."""
    (ra, aa), (rb, ab) = sa, sb
    return (ra == rb and any(ra)) or (aa == ab and any(aa)) or (ra == ab and aa == rb)


def combine(a: Candidate, b: Candidate, *, factor: float | None = None) -> Candidate | None:
    """Both candidates applied together, or None when they touch the same lines.

    Same file: one candidate whose ``new_source`` holds both changes (line hunks of each against
    the shared old source; overlapping or same-position hunks are refused). Different files: ``a``
    with ``b`` in ``also``. The prior and score are the geometric means of the two, times
    ``factor``: by default 1.0 when the two changes are analogous (same template, same text
    removed or added: the same mistake made twice), 0.7 for the same template, else 0.45. A
    two-location fix is a priori less likely than a single change (PraPR and TBar consider
    single-location patches first), so the engine should try pairs after single candidates.
    """
    if a.path != b.path:
        f = 0.45 if factor is None else factor
        return Candidate(
            path=a.path,
            new_source=a.new_source,
            template=f"{a.template}&{b.template}",
            description=f"{a.description}; {b.description}",
            line=a.line,
            prior=math.sqrt(a.prior * b.prior) * f,
            score=math.sqrt(max(a.score, 0.0) * max(b.score, 0.0)) * f,
            old_source=a.old_source,
            also=(*a.also, b),
        )
    if a.old_source != b.old_source or not a.old_source:
        return None
    old = a.old_source.splitlines(keepends=True)
    ha = _hunks(old, a.new_source.splitlines(keepends=True))
    hb = _hunks(old, b.new_source.splitlines(keepends=True))
    return _combine(a, b, old, ha, hb, factor)


def _pair_factor(
    a: Candidate, b: Candidate, old: Sequence[str], ha: list[Hunk], hb: list[Hunk]
) -> float:
    if _base_template(a.template) != _base_template(b.template):
        return 0.45
    return 1.0 if _analogous(_signature(old, ha), _signature(old, hb)) else 0.7


def _combine(
    a: Candidate,
    b: Candidate,
    old: Sequence[str],
    ha: list[Hunk],
    hb: list[Hunk],
    factor: float | None,
) -> Candidate | None:
    for i1, i2, _ in ha:
        for k1, k2, _ in hb:
            if i1 < k2 and k1 < i2:  # overlap
                return None
            if (
                i1 == k1
                or i2 == k2
                or (i1 == i2 and k1 <= i1 <= k2)
                or (k1 == k2 and i1 <= k1 <= i2)
            ):
                return None
    merged = list(old)
    for i1, i2, repl in sorted(ha + hb, key=lambda h: h[0], reverse=True):
        merged[i1:i2] = repl
    new = "".join(merged)
    if new in (a.new_source, b.new_source, a.old_source) or not parses(new):
        return None
    f = _pair_factor(a, b, old, ha, hb) if factor is None else factor
    return Candidate(
        path=a.path,
        new_source=new,
        template=f"{a.template}&{b.template}",
        description=f"{a.description}; {b.description}",
        line=min(a.line, b.line),
        prior=math.sqrt(a.prior * b.prior) * f,
        score=math.sqrt(max(a.score, 0.0) * max(b.score, 0.0)) * f,
        old_source=a.old_source,
    )


def _base_template(t: str) -> str:
    return t.split("+", 1)[0]


def pair_candidates(
    candidates: Sequence[Candidate],
    *,
    per_line: int = 40,
    mixed_per_line: int = 6,
    limit: int = 300,
) -> list[Candidate]:
    """Two-location candidates from single-location ones on different lines, best first.

    For each pair of lines of the same file, candidates of the same template are paired among
    each line's ``per_line`` best (the same fix in two places); different templates only among
    the ``mixed_per_line`` best. Scores follow :func:`combine`. Deduplicated, at most ``limit``.
    """
    by_line: dict[tuple[str, int], list[Candidate]] = defaultdict(list)
    for c in candidates:
        if "+everywhere" in c.template or "&" in c.template or c.also:
            continue
        by_line[(c.path, c.line)].append(c)
    keys = sorted(by_line, key=lambda k: -max(c.score for c in by_line[k]))
    olds: dict[int, list[str]] = {}
    hunks: dict[int, list[Hunk]] = {}

    def prep(c: Candidate) -> tuple[list[str], list[Hunk]]:
        if id(c) not in hunks:
            old = c.old_source.splitlines(keepends=True)
            olds[id(c)] = old
            hunks[id(c)] = _hunks(old, c.new_source.splitlines(keepends=True))
        return olds[id(c)], hunks[id(c)]

    for k in keys:
        by_line[k].sort(key=lambda c: -c.score)
    seen: dict[tuple[str, ...], Candidate] = {}
    for x in range(len(keys)):
        for y in range(x + 1, len(keys)):
            if keys[x][0] != keys[y][0]:
                continue
            la, lb = by_line[keys[x]], by_line[keys[y]]
            for i, ca in enumerate(la[:per_line]):
                for j, cb in enumerate(lb[:per_line]):
                    same = _base_template(ca.template) == _base_template(cb.template)
                    if not same and (i >= mixed_per_line or j >= mixed_per_line):
                        continue
                    if ca.old_source != cb.old_source or not ca.old_source:
                        continue
                    old, ha = prep(ca)
                    _, hb = prep(cb)
                    merged = _combine(ca, cb, old, ha, hb, None)
                    if merged is None:
                        continue
                    prev = seen.get(merged.key)
                    if prev is None or merged.score > prev.score:
                        seen[merged.key] = merged
    out = sorted(seen.values(), key=lambda c: (-c.score, -c.prior, c.line))
    return out[:limit]
