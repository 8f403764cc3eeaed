"""Statement-level fix templates: delete, insert, move, guard, return, mutable default.

From GenProg (Le Goues, Nguyen, Forrest, Weimer: "GenProg: A Generic Method for Automatic Software
Repair", TSE 2012): statement deletion, insertion of a statement copied from elsewhere in the same
program, and replacement, restricted here to the same function (the "plastic surgery" locality
observed by Barr et al., FSE 2014). From TBar (Liu et al., ISSTA 2019): FP1 insert cast checker /
FP3 insert null pointer checker / FP10 insert range checker become guard insertion (``if cond:
raise ...`` with the exception the function already raises), FP8 mutate return statement becomes
return-value variants and missing returns, FP11 move statement and FP12 remove buggy statement.
The mutable-default template is the standard Python fix for a shared default (``x=[]`` ->
``x=None`` plus a fresh value per call).

Guards and ``wrap-try`` live in :mod:`.templates_checks`, returns and the mutable default in
:mod:`.templates_returns`, the shared line helpers in :mod:`.templates_lines`;
:func:`statement_mutations` and :func:`function_mutations` run them all.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import (
    Edit,
    FileInfo,
    FuncInfo,
    Mutation,
    StmtInfo,
    guarded,
    is_docstring,
)
from .templates_base import PRIORS
from .templates_checks import guard_mutations, try_wrap_mutations
from .templates_lines import (
    _enclosing_header,
    _line,
    _line_span,
    _loop_around,
    _one_line,
    _simple,
    inserted,
)
from .templates_returns import (
    missing_return_mutations,
    mutable_default_mutations,
    return_variable_mutations,
)

# ------------------------------------------------------------------------------ delete / move


def delete_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Remove the statement (``pass`` when it is the only one of its block)."""
    if (
        not st.alone
        or is_docstring(st.node)
        or isinstance(st.node, (cst.FunctionDef, cst.ClassDef))
    ):
        return []
    if isinstance(st.node, cst.SimpleStatementLine):
        if any(isinstance(s, (cst.Import, cst.ImportFrom)) for s in st.node.body):
            return []
        template = "delete-statement"
    elif isinstance(st.node, (cst.If, cst.For, cst.While, cst.With, cst.Try)):
        template = "delete-compound"
    else:
        return []
    s, e = _line_span(fi, st.start, st.end)
    real = [b for b in st.block if not is_docstring(b)]
    text = f"{fi.indent_of_line(st.start)}pass\n" if len(real) <= 1 else ""
    what = _one_line(fi.lines[st.start - 1])
    return [Mutation((Edit(s, e, text),), template, f"delete '{what}'", st.start, PRIORS[template])]


def move_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Swap the statement with its previous or next sibling (both simple statements)."""
    if not _simple(st):
        return []
    out = []
    for delta in (-1, 1):
        j = st.index + delta
        if not 0 <= j < len(st.block):
            continue
        other = fi.stmt_info(st.block[j])
        if other is None or not _simple(other):
            continue
        a, b = (other, st) if delta < 0 else (st, other)
        s, e = _line_span(fi, a.start, b.end)
        between = "".join(fi.lines[a.end : b.start - 1])
        text = (
            "".join(fi.lines[b.start - 1 : b.end])
            + between
            + "".join(fi.lines[a.start - 1 : a.end])
        )
        if not text.endswith("\n"):
            continue
        where = "up" if delta < 0 else "down"
        out.append(
            Mutation(
                (Edit(s, e, text),),
                "move-statement",
                f"move '{_one_line(fi.lines[st.start - 1])}' {where}",
                st.start,
                PRIORS["move-statement"],
            )
        )
    return out


def unwrap_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Drop an ``if`` condition without ``else``: the branch always runs."""
    node = st.node
    if not (isinstance(node, cst.If) and node.orelse is None and st.alone):
        return []
    if not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
        return []
    first = fi.stmt_info(node.body.body[0])
    if first is None:
        return []
    own = fi.indent_of_line(st.start)
    inner = fi.indent_of_line(first.start)
    if not inner.startswith(own) or inner == own:
        return []
    cut = len(inner) - len(own)
    lines = []
    for ln in fi.lines[st.header_end : st.end]:
        if ln.strip() and ln[:cut].strip():
            return []
        lines.append(ln[cut:] if ln.strip() else ln)
    s, e = _line_span(fi, st.start, st.end)
    return [
        Mutation(
            (Edit(s, e, "".join(lines)),),
            "unwrap-condition",
            f"drop the condition '{_one_line(fi.lines[st.start - 1])}'",
            st.start,
            PRIORS["unwrap-condition"],
        )
    ]


# ------------------------------------------------------------------------------ insert


def insert_mutations(fi: FileInfo, st: StmtInfo, limit: int = 10) -> list[Mutation]:
    """Insert a copy of a nearby statement of the same function before or after ``st``.

    Donors are the function's simple statements, the ones sharing a name with ``st`` or with the
    header of the compound statement around it first, then by distance.
    """
    if not st.alone or st.func is None or isinstance(st.node, (cst.FunctionDef, cst.ClassDef)):
        return []
    if is_docstring(st.node):
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    names = set(fi.names_in(st.node)) if isinstance(st.node, cst.SimpleStatementLine) else set()
    header = _enclosing_header(fi, st)
    if isinstance(st.node, (cst.If, cst.While, cst.For)):
        header = st
    if header is not None:
        for n in fi.header_nodes(header):
            if isinstance(n, cst.Name):
                names.add(n.value)
    names -= {"self", "len", "range", "print"}
    donors: list[tuple[int, int, int]] = []
    seen: set[str] = {fi.lines[st.start - 1].strip()} if _simple(st) else set()
    for k, other in enumerate(fi.stmts):
        if other is st or other.func is not st.func or not _simple(other):
            continue
        key = "".join(fi.lines[other.start - 1 : other.end]).strip()
        if key in seen:
            continue
        seen.add(key)
        shares = bool(fi.names_in(other.node) & names)
        donors.append((0 if shares else 1, abs(other.start - st.start), k))
    out: list[Mutation] = []
    indent = fi.indent_of_line(st.start)
    for _, _, k in sorted(donors)[:limit]:
        other = fi.stmts[k]
        text = fi.stmt_text(other, indent)
        what = _one_line(text)
        if isinstance(st.node, cst.SimpleStatementLine):
            pos = fi.line_starts[st.end]
            out.append(
                inserted(
                    pos,
                    text,
                    "insert-statement",
                    f"insert '{what}' after line {st.end}",
                    st.end,
                    PRIORS["insert-statement"],
                )
            )
        elif (
            isinstance(st.node, (cst.If, cst.For, cst.While, cst.With, cst.Try))
            and st.header_end < st.end
        ):
            body_indent = fi.indent_of_line(st.header_end + 1)
            pos = fi.line_starts[st.header_end]
            out.append(
                inserted(
                    pos,
                    fi.stmt_text(other, body_indent),
                    "insert-statement",
                    f"insert '{what}' at the start of the block of line {st.start}",
                    st.start,
                    PRIORS["insert-statement"],
                )
            )
        if isinstance(st.node, (cst.If, cst.For, cst.While, cst.With, cst.Try)) and st.alone:
            pos = fi.line_starts[st.end]  # after the whole compound statement
            out.append(
                inserted(
                    pos,
                    text,
                    "insert-statement",
                    f"insert '{what}' after the block of line {st.start}",
                    st.start,
                    PRIORS["insert-statement"] * 0.9,
                )
            )
        pos = fi.line_starts[st.start - 1]
        out.append(
            inserted(
                pos,
                text,
                "insert-statement",
                f"insert '{what}' before line {st.start}",
                st.start,
                PRIORS["insert-statement"] * 0.9,
            )
        )
    return out


def parallel_update_mutations(fi: FileInfo, st: StmtInfo, limit: int = 4) -> list[Mutation]:
    """After ``self.a -= q`` insert ``self.b -= q`` for another attribute (or local) ``b``.

    State kept in two fields often must change together; forgetting one is a missing statement.
    """
    if not _simple(st) or len(_line(st).body) != 1:
        return []
    small = _line(st).body[0]
    if isinstance(small, cst.AugAssign):
        target = small.target
    elif isinstance(small, cst.Assign) and len(small.targets) == 1:
        target = small.targets[0].target
    else:
        return []
    alts: list[str] = []
    if isinstance(target, cst.Attribute) and isinstance(target.value, cst.Name):
        if target.value.value == "self" and st.cls is not None:
            methods = (
                {s.name.value for s in st.cls.body.body if isinstance(s, cst.FunctionDef)}
                if isinstance(st.cls.body, cst.IndentedBlock)
                else set()
            )
            alts = [
                a
                for a in fi.class_attrs.get(id(st.cls), [])
                if a != target.attr.value and a not in methods
            ]
        s, e = fi.span(target.attr)
    elif isinstance(target, cst.Name):
        func = fi.func_info(st.func)
        if func is None:
            return []
        alts = [n for n, ln in func.locals.items() if ln < st.start and n != target.value]
        s, e = fi.span(target)
    else:
        return []
    line_start = fi.line_starts[st.start - 1]
    line_text = "".join(fi.lines[st.start - 1 : st.end])
    out = []
    for a in alts[:limit]:
        new_line = line_text[: s - line_start] + a + line_text[e - line_start :]
        if not new_line.endswith("\n"):
            new_line += "\n"
        pos = fi.line_starts[st.end]
        out.append(
            inserted(
                pos,
                new_line,
                "insert-parallel-update",
                f"insert '{_one_line(new_line)}' after line {st.end}",
                st.end,
                PRIORS["insert-parallel-update"],
            )
        )
    return out


def loop_step_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A ``while`` loop whose condition variable never changes in its body gets ``v += 1``."""
    loop = st if isinstance(st.node, cst.While) else _loop_around(fi, st)
    if loop is None or not isinstance(loop.node, cst.While) or loop.header_end >= loop.end:
        return []
    func = fi.func_info(loop.func)
    if func is None:
        return []
    assigned = {n for ln, n in func.assigns if loop.header_end < ln <= loop.end}
    test_names = fi.names_in(loop.node.test)
    bound = set(func.locals) | set(func.params)
    body = loop.node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    first, last = fi.stmt_info(body.body[0]), fi.stmt_info(body.body[-1])
    if first is None or last is None:
        return []
    indent = fi.indent_of_line(first.start)
    out = []
    for name in sorted(test_names & bound - assigned - {"self"}):
        for text, prior in ((f"{name} += 1", 1.0), (f"{name} -= 1", 0.7)):
            pos = fi.line_starts[last.end]
            out.append(
                inserted(
                    pos,
                    f"{indent}{text}\n",
                    "insert-loop-step",
                    f"insert '{text}' at the end of the loop of line {loop.start}",
                    loop.start,
                    PRIORS["insert-loop-step"] * prior,
                )
            )
    return out


def init_attribute_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``__init__`` stores a parameter ``p`` nowhere: insert ``self.p = p`` at its end."""
    func = fi.func_info(st.func)
    if func is None or func.node.name.value != "__init__" or st.cls is None:
        return []
    body = func.node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    last = fi.stmt_info(body.body[-1])
    first = fi.stmt_info(body.body[0])
    if last is None or first is None:
        return []
    assigned = fi.class_assigned.get(id(st.cls), set())
    used = set(fi.class_attrs.get(id(st.cls), []))
    indent = fi.indent_of_line(first.start)
    out = []
    for p in func.params:
        if p in ("self", "cls") or p in assigned:
            continue
        if any(p in fi.names_in(s) for s in body.body if not is_docstring(s)):
            continue  # the parameter is used somehow already
        prior = PRIORS["insert-init-attribute"] * (1.0 if p in used else 0.6)
        pos = fi.line_starts[last.end]
        out.append(
            inserted(
                pos,
                f"{indent}self.{p} = {p}\n",
                "insert-init-attribute",
                f"store parameter {p} as self.{p} in __init__",
                last.end,
                prior,
            )
        )
    return out


def break_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Insert ``break`` after a statement nested in an ``if`` inside a loop (stop at a match)."""
    if not _simple(st) or isinstance(_line(st).body[-1], (cst.Return, cst.Raise, cst.Break)):
        return []
    loop = _loop_around(fi, st)
    header = _enclosing_header(fi, st)
    if loop is None or header is None or not isinstance(header.node, cst.If):
        return []
    if not header.depth > loop.depth:
        return []
    if st.index != len(st.block) - 1:
        return []
    pos = fi.line_starts[st.end]
    return [
        inserted(
            pos,
            f"{fi.indent_of_line(st.start)}break\n",
            "insert-break",
            f"insert 'break' after line {st.end}",
            st.end,
            PRIORS["insert-break"],
        )
    ]


def statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """All statement-level mutations anchored at ``st`` (plus function-level ones)."""
    out: list[Mutation] = []
    out.extend(guarded(fi, delete_mutations, fi, st))
    out.extend(guarded(fi, insert_mutations, fi, st))
    out.extend(guarded(fi, parallel_update_mutations, fi, st))
    out.extend(guarded(fi, guard_mutations, fi, st))
    out.extend(guarded(fi, move_mutations, fi, st))
    out.extend(guarded(fi, unwrap_mutations, fi, st))
    out.extend(guarded(fi, return_variable_mutations, fi, st))
    out.extend(guarded(fi, loop_step_mutations, fi, st))
    out.extend(guarded(fi, init_attribute_mutations, fi, st))
    out.extend(guarded(fi, break_mutations, fi, st))
    out.extend(guarded(fi, try_wrap_mutations, fi, st))
    return out


def function_mutations(fi: FileInfo, func: FuncInfo) -> list[Mutation]:
    """Mutations that belong to a whole function (missing return, mutable default)."""
    return guarded(fi, missing_return_mutations, fi, func) + guarded(
        fi, mutable_default_mutations, fi, func
    )
