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
"""

from __future__ import annotations

from typing import cast

import libcst as cst

from .templates_ast import (
    Edit,
    FileInfo,
    FuncInfo,
    Mutation,
    StmtInfo,
    code,
    guarded,
    is_docstring,
)
from .templates_expr import PRIORS, _near_ints


def _line_span(fi: FileInfo, first: int, last: int) -> tuple[int, int]:
    """Offsets of whole lines ``first..last`` (1-based, inclusive)."""
    return fi.line_starts[first - 1], fi.line_starts[last]


def _simple(st: StmtInfo) -> bool:
    return isinstance(st.node, cst.SimpleStatementLine) and st.alone and not is_docstring(st.node)


def _line(st: StmtInfo) -> cst.SimpleStatementLine:
    """``st.node`` as the simple statement line :func:`_simple` found it to be."""
    return cast(cst.SimpleStatementLine, st.node)


def _one_line(text: str) -> str:
    t = " ".join(text.split())
    return t if len(t) <= 50 else t[:47] + "..."


def _enclosing_header(fi: FileInfo, st: StmtInfo) -> StmtInfo | None:
    """The compound statement whose body holds ``st``."""
    best = None
    for other in fi.stmts:
        if other is st or not isinstance(
            other.node, (cst.If, cst.For, cst.While, cst.With, cst.Try)
        ):
            continue
        if other.start < st.start and st.end <= other.end and other.depth < st.depth:
            if best is None or other.depth > best.depth:
                best = other
    return best


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
                Mutation(
                    (Edit(pos, pos, text),),
                    "insert-statement",
                    f"insert '{what}' after line {st.end}",
                    st.end,
                    PRIORS["insert-statement"],
                )
            )
        elif isinstance(st.node, (cst.If, cst.For, cst.While)) and st.header_end < st.end:
            body_indent = fi.indent_of_line(st.header_end + 1)
            pos = fi.line_starts[st.header_end]
            out.append(
                Mutation(
                    (Edit(pos, pos, fi.stmt_text(other, body_indent)),),
                    "insert-statement",
                    f"insert '{what}' at the start of the block of line {st.start}",
                    st.start,
                    PRIORS["insert-statement"],
                )
            )
        if isinstance(st.node, (cst.If, cst.For, cst.While)) and st.alone:
            pos = fi.line_starts[st.end]  # after the whole compound statement
            out.append(
                Mutation(
                    (Edit(pos, pos, text),),
                    "insert-statement",
                    f"insert '{what}' after the block of line {st.start}",
                    st.start,
                    PRIORS["insert-statement"] * 0.9,
                )
            )
        pos = fi.line_starts[st.start - 1]
        out.append(
            Mutation(
                (Edit(pos, pos, text),),
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
            Mutation(
                (Edit(pos, pos, new_line),),
                "insert-parallel-update",
                f"insert '{_one_line(new_line)}' after line {st.end}",
                st.end,
                PRIORS["insert-parallel-update"],
            )
        )
    return out


def _nearest_raise(fi: FileInfo, st: StmtInfo) -> str | None:
    """The text of the nearest ``raise`` statement of the function (else of the file)."""
    func = fi.func_info(st.func)
    best: tuple[int, int, str] | None = None
    for line, node, f in fi.raises:
        info = fi.stmt_info(node)
        if info is None:
            continue
        rank = (0 if func is not None and f is func else 1, abs(line - st.start))
        text = fi.stmt_text(info, "").strip()
        if best is None or rank < best[:2]:
            best = (rank[0], rank[1], text)
    return best[2] if best else None


def _digit_bases(func: cst.CSTNode | None, name: str) -> list[int]:
    """Integers ``K`` of the function's ``acc * K + name`` (or ``name + K * acc``) sums.

    Positional notation: ``name`` is a digit of base ``K`` (``value * 256 + octet``), so its
    range is ``0 <= name < K``, and the range guard is ``name >= K``, not ``name > K``.
    """
    if func is None:
        return []
    out: list[int] = []

    def base(e: cst.BaseExpression) -> int | None:
        if isinstance(e, cst.BinaryOperation) and isinstance(e.operator, cst.Multiply):
            for side in (e.left, e.right):
                if isinstance(side, cst.Integer):
                    try:
                        k = int(side.evaluated_value)
                    except (TypeError, ValueError):
                        return None
                    return k if k > 1 else None
        return None

    class V(cst.CSTVisitor):
        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            if not isinstance(n.operator, cst.Add):
                return
            for digit, other in ((n.right, n.left), (n.left, n.right)):
                if isinstance(digit, cst.Name) and digit.value == name:
                    k = base(other)
                    if k is not None and k not in out:
                        out.append(k)

    func.visit(V())
    return out


def guard_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Insert ``if <cond>: raise ...`` before/after ``st`` (TBar's range/null/containment checks).

    Conditions come from what the statement does: ``a, b = s.split(sep)`` needs ``sep in s``;
    ``d[k]`` needs ``k in d``; ``x / y`` needs ``y != 0``; a freshly assigned number ``v`` may be
    out of range (``v < 0``, ``v > K`` with ``K`` a constant of the function; ``v >= K`` first
    when ``v`` is a digit of base ``K``, ``acc * K + v``: :func:`_digit_bases`).
    """
    if not _simple(st) or st.func is None or len(_line(st).body) != 1:
        return []
    raise_text = _nearest_raise(fi, st) or "raise ValueError()"
    small = _line(st).body[0]
    before: list[tuple[str, float]] = []
    after: list[tuple[str, float]] = []
    unpacks = isinstance(small, cst.Assign) and isinstance(
        small.targets[0].target, (cst.Tuple, cst.List)
    )

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("split", "index", "rsplit", "partition")
                and n.args
                and n.args[0].keyword is None
            ):
                cond = f"{fi.text(n.args[0].value)} not in {fi.text(f.value)}"
                before.append((cond, 1.0 if unpacks or f.attr.value == "index" else 0.6))
            if (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("pop", "popleft", "popitem")
                and isinstance(f.value, (cst.Name, cst.Attribute))
            ):
                before.append((f"not {fi.text(f.value)}", 0.9))  # an empty collection

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if len(n.slice) == 1 and isinstance(n.slice[0].slice, cst.Index):
                key = n.slice[0].slice.value
                if isinstance(key, (cst.Name, cst.SimpleString)) and isinstance(
                    n.value, (cst.Name, cst.Attribute)
                ):
                    before.append((f"{fi.text(key)} not in {fi.text(n.value)}", 0.7))
                elif isinstance(n.value, (cst.Name, cst.Attribute)) and isinstance(
                    key, (cst.Integer, cst.UnaryOperation)
                ):
                    before.append((f"not {fi.text(n.value)}", 0.8))  # xs[0], xs[-1] of empty

        def visit_BinaryOperation(self, n: cst.BinaryOperation) -> None:
            if isinstance(n.operator, (cst.Divide, cst.FloorDivide, cst.Modulo)) and isinstance(
                n.right, (cst.Name, cst.Attribute)
            ):
                before.append((f"{fi.text(n.right)} == 0", 0.8))

    small.visit(V())
    if (
        isinstance(small, cst.Assign)
        and len(small.targets) == 1
        and isinstance(small.targets[0].target, cst.Name)
    ):
        v = small.targets[0].target.value
        after.append((f"{v} < 0", 0.8))
        func = fi.func_info(st.func)
        # a digit of base K (``acc * K + v``): its range is 0 <= v < K
        for k in _digit_bases(st.func, v):
            after.append((f"{v} >= {k}", 0.85))
        consts = [k for k in _near_ints(fi, func, st.start) if k not in (0, 1, -1)][:3]
        for k in consts:
            after.append((f"{v} > {k}", 0.8))
            after.append((f"{v} >= {k}", 0.7))
        after.append((f"{v} is None", 0.5))
    func = fi.func_info(st.func)
    if func is not None:
        for name in sorted(fi.names_in(small) & set(func.params) - {"self", "cls"}):
            before.append((f"not {name}", 0.5))
    bodies: list[tuple[str, float]] = [(raise_text, 1.0)]
    ret = _nearest_return(fi, st)
    if ret is not None:
        bodies.append((ret, 0.6))
    if _loop_around(fi, st) is not None:
        bodies.append(("continue", 0.5))
    indent = fi.indent_of_line(st.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    out: list[Mutation] = []
    seen: set[str] = set()
    for conds, pos_line, where in ((before, st.start - 1, "before"), (after, st.end, "after")):
        for cond, weight in conds:
            if cond in seen:
                continue
            seen.add(cond)
            for body, bw in bodies:
                text = f"{indent}if {cond}:\n{indent}{step}{body}\n"
                pos = fi.line_starts[pos_line]
                out.append(
                    Mutation(
                        (Edit(pos, pos, text),),
                        "insert-guard",
                        f"insert guard 'if {cond}: {_one_line(body)}' {where} line {st.start}",
                        st.start,
                        PRIORS["insert-guard"] * weight * bw,
                    )
                )
    out.sort(key=lambda m: -m.prior)
    return out[:16]


def _nearest_return(fi: FileInfo, st: StmtInfo) -> str | None:
    """The text of the function's ``return`` statement nearest to ``st`` (not ``st`` itself)."""
    best: tuple[int, str] | None = None
    for other in fi.stmts:
        if other is st or other.func is not st.func or not _simple(other):
            continue
        if isinstance(_line(other).body[0], cst.Return):
            d = abs(other.start - st.start)
            if best is None or d < best[0]:
                best = (d, fi.stmt_text(other, "").strip())
    return best[1] if best else None


def _loop_around(fi: FileInfo, st: StmtInfo) -> StmtInfo | None:
    """The innermost ``for``/``while`` of the same function whose body holds ``st``."""
    best = None
    for other in fi.stmts:
        if not isinstance(other.node, (cst.For, cst.While)) or other.func is not st.func:
            continue
        if other.header_end < st.start and st.end <= other.end and other.depth < st.depth:
            if best is None or other.depth > best.depth:
                best = other
    return best


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
                Mutation(
                    (Edit(pos, pos, f"{indent}{text}\n"),),
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
            Mutation(
                (Edit(pos, pos, f"{indent}self.{p} = {p}\n"),),
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
        Mutation(
            (Edit(pos, pos, f"{fi.indent_of_line(st.start)}break\n"),),
            "insert-break",
            f"insert 'break' after line {st.end}",
            st.end,
            PRIORS["insert-break"],
        )
    ]


def try_wrap_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Turn the builtin error of a conversion or lookup into the module's own ``raise``.

    ``v = int(text)`` -> ``try: v = int(text) / except ValueError: <the nearest raise>``.
    """
    if not _simple(st) or st.func is None:
        return []
    raise_text = _nearest_raise(fi, st)
    if raise_text is None:
        return []
    catches: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            name = f.value if isinstance(f, cst.Name) else getattr(f, "attr", None)
            name = name.value if isinstance(name, cst.Name) else name
            if name in ("int", "float", "Decimal", "index", "fromisoformat", "strptime"):
                if "ValueError" not in catches:
                    catches.append("ValueError")

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if "(KeyError, IndexError)" not in catches:
                catches.append("(KeyError, IndexError)")

    st.node.visit(V())
    indent = fi.indent_of_line(st.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    s, e = _line_span(fi, st.start, st.end)
    body = fi.stmt_text(st, indent + step)
    out = []
    for exc in catches[:2]:
        text = f"{indent}try:\n{body}{indent}except {exc}:\n{indent}{step}{raise_text}\n"
        out.append(
            Mutation(
                (Edit(s, e, text),),
                "wrap-try",
                f"catch {exc} around line {st.start} and {_one_line(raise_text)}",
                st.start,
                PRIORS["wrap-try"],
            )
        )
    return out


# ------------------------------------------------------------------------------ returns


def _last_bound(func: FuncInfo, before_line: int | None = None) -> list[str]:
    """Local names, the most recently bound first (loop variables last)."""
    loop_names = {n for _, _, names in func.loop_vars for n in names}
    seen: list[str] = []
    for line, name in sorted(func.assigns, reverse=True):
        if before_line is not None and line > before_line:
            continue
        if name not in seen and name != "_":
            seen.append(name)
    return [n for n in seen if n not in loop_names] + [n for n in seen if n in loop_names]


def missing_return_mutations(fi: FileInfo, func: FuncInfo) -> list[Mutation]:
    """A function that computes a value but never returns it gets ``return <local>``."""
    node = func.node
    if func.has_value_return or func.is_generator or node.name.value.startswith("__"):
        return []
    if not isinstance(node.body, cst.IndentedBlock) or not node.body.body:
        return []
    last = fi.stmt_info(node.body.body[-1])
    if last is None:
        return []
    if isinstance(last.node, cst.SimpleStatementLine) and isinstance(
        last.node.body[-1], (cst.Return, cst.Raise)
    ):
        return []
    indent = fi.indent_of_line(last.start)
    pos = fi.line_starts[last.end]
    out = []
    for name in _last_bound(func)[:4]:
        out.append(
            Mutation(
                (Edit(pos, pos, f"{indent}return {name}\n"),),
                "missing-return",
                f"add 'return {name}' at the end of {node.name.value}()",
                last.end,
                PRIORS["missing-return"],
            )
        )
    return out


def return_variable_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``return`` / ``return None`` -> ``return <local>`` (most recently bound first)."""
    if not isinstance(st.node, cst.SimpleStatementLine) or st.func is None:
        return []
    small = _line(st).body[0]
    if not isinstance(small, cst.Return):
        return []
    if small.value is not None and not (
        isinstance(small.value, cst.Name) and small.value.value == "None"
    ):
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    out = []
    if small.value is None:
        s = e = fi.span(small)[1]
        fmt = " {}"
    else:
        s, e = fi.span(small.value)
        fmt = "{}"
    for name in _last_bound(func, st.start)[:4]:
        out.append(
            Mutation(
                (Edit(s, e, fmt.format(name)),),
                "return-variable",
                f"return {name} instead of None",
                st.start,
                PRIORS["return-variable"],
            )
        )
    return out


# ------------------------------------------------------------------------------ defaults

_MUTABLE = {"[]": "list", "{}": "dict", "list()": "list", "dict()": "dict", "set()": "set"}


def mutable_default_mutations(fi: FileInfo, func: FuncInfo) -> list[Mutation]:
    """``def f(x=[])``: default ``None`` plus a fresh value per call (two variants)."""
    node = func.node
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    out: list[Mutation] = []
    for p in list(node.params.params) + list(node.params.kwonly_params):
        if p.default is None:
            continue
        dtext = code(p.default).strip()
        ctor = _MUTABLE.get(dtext.replace(" ", ""))
        if ctor is None:
            continue
        name = p.name.value
        ds, de = fi.span(p.default)
        fix_default = Edit(ds, de, "None")
        # variant 1: guard at the top of the body (after the docstring)
        stmts = list(body.body)
        first_i = 1 if stmts and is_docstring(stmts[0]) and len(stmts) > 1 else 0
        first = fi.stmt_info(stmts[first_i])
        if first is None:
            continue
        indent = fi.indent_of_line(first.start)
        step = "    " if indent[:1] != "\t" else "\t"
        fresh = "[]" if ctor == "list" else "{}" if ctor == "dict" else "set()"
        pos = fi.line_starts[first.start - 1]
        guard = f"{indent}if {name} is None:\n{indent}{step}{name} = {fresh}\n"
        out.append(
            Mutation(
                (fix_default, Edit(pos, pos, guard)),
                "mutable-default",
                f"default {name}={dtext} -> None, fresh {fresh} per call",
                fi.line_of(p),
                PRIORS["mutable-default"],
            )
        )
        # variant 2: copy at the first use (``self.x = list(x) if x is not None else []``)
        use = _first_use(fi, body, name)
        if use is not None:
            s, e = fi.span(use)
            repl = f"{ctor}({name}) if {name} is not None else {fresh}"
            parent, _ = fi.parent_of(use)
            if not isinstance(parent, (cst.Assign, cst.Arg, cst.Return)):
                repl = f"({repl})"
            out.append(
                Mutation(
                    (fix_default, Edit(s, e, repl)),
                    "mutable-default",
                    f"default {name}={dtext} -> None, copied at its first use",
                    fi.line_of(p),
                    PRIORS["mutable-default"] * 0.95,
                )
            )
    return out


def _first_use(fi: FileInfo, body: cst.IndentedBlock, name: str) -> cst.Name | None:
    found: list[cst.Name] = []

    class V(cst.CSTVisitor):
        def visit_Name(self, n: cst.Name) -> None:
            if n.value == name and not found:
                parent, fld = fi.parent_of(n)
                if isinstance(parent, cst.Attribute) and parent.attr is n:
                    return
                if isinstance(parent, (cst.AssignTarget,)):
                    return
                found.append(n)

    body.visit(V())
    return found[0] if found else None


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
