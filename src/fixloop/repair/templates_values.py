"""Expression templates on values: constants, off-by-one bounds, variables and attributes.

PraPR's constant and variable replacement (Ghanbari et al., ISSTA 2019) and TBar's FP5/FP9
(mutate literal, mutate variable; Liu et al., ISSTA 2019); split out of :mod:`.templates_expr`,
whose :func:`~.templates_expr.expression_mutations` calls them on each node of a statement.
"""

from __future__ import annotations

import math

import libcst as cst

from .templates_ast import Edit, FileInfo, FuncInfo, Mutation, StmtInfo, fix_child_parens
from .templates_base import (
    _BIN_CLASSES,
    _ONE_SPACE,
    PRIORS,
    _callee,
    _fmt_int,
    _int_value,
    _is_load_name,
    _mut,
    _short,
    _spaced_like,
)
from .templates_positions import enclosing_funcs

#: list methods whose first argument is a position (an index ``xs.pop(i)`` may be off by one)
_INDEX_METHODS = frozenset({"pop", "insert"})

# Constants of daily code (units, bases, sizes); a literal may be one of them mistyped.
_COMMON_INTS = [2, 7, 8, 10, 12, 16, 24, 30, 31, 60, 100, 255, 256, 365, 1000, 1024, 3600]


# ------------------------------------------------------------------------------ constants


def _near_ints(fi: FileInfo, func: FuncInfo | None, line: int) -> list[int]:
    """Integer literals of the function (nearest lines first), then of the file."""
    ints = fi.ints
    inside = [(abs(ln - line), v) for ln, v in ints if func and func.start <= ln <= func.end]
    outside = [(abs(ln - line), v) for ln, v in ints if not (func and func.start <= ln <= func.end)]
    out: list[int] = []
    for _, v in sorted(inside) + sorted(outside):
        if v not in out:
            out.append(v)
    return out


def _enclosing_loop_vars(func: FuncInfo | None, line: int) -> list[str]:
    if func is None:
        return []
    loops = [(start, names) for start, end, names in func.loop_vars if start < line <= end]
    out: list[str] = []
    for _, names in sorted(loops, reverse=True):
        for n in names:
            if n not in out and n != "_":
                out.append(n)
    return out


def integer_mutations(
    fi: FileInfo, node: cst.CSTNode, func: FuncInfo | None, near: frozenset[str] = frozenset()
) -> list[Mutation]:
    """Integer literal +-1, negation, another literal of the file, a common constant, a loop var.

    A literal becomes an enclosing loop's variable with a higher prior when the statement
    already uses that variable (``d[i][0] = 0`` -> ``d[i][0] = i``); ``near`` holds its names.
    """
    value = _int_value(node)
    if value is None:
        return []
    line = fi.line_of(node)
    out: list[Mutation] = []
    seen = {value}

    def add(v: int, template: str) -> None:
        if v in seen:
            return
        seen.add(v)
        out.append(_mut(fi, node, _fmt_int(v, node), template, f"{fi.text(node)} -> {v}"))

    add(value + 1, "constant-off-by-one")
    add(value - 1, "constant-off-by-one")
    if value:
        add(-value, "constant-negate")
    for v in _near_ints(fi, func, line)[:6]:
        if len(out) >= 7:
            break
        add(v, "constant-replace")
    if abs(value) >= 2:
        mags = sorted(_COMMON_INTS, key=lambda k: abs(math.log(k / abs(value))))
        for v in mags[:3]:
            add(v if value > 0 else -v, "constant-common")
    for name in _enclosing_loop_vars(func, line)[:3]:
        prior = PRIORS["constant-to-variable"] * (1.5 if name in near else 1.0)
        out.append(
            _mut(fi, node, name, "constant-to-variable", f"{fi.text(node)} -> {name}", prior)
        )
    return out


def float_mutations(fi: FileInfo, node: cst.Float, func: FuncInfo | None) -> list[Mutation]:
    """A float literal shifted by a decimal place, or replaced by another float of the file."""
    try:
        value = float(node.value.replace("_", ""))
    except ValueError:
        return []
    out: list[Mutation] = []
    seen = {node.value}
    line = fi.line_of(node)
    lo, hi = (func.start, func.end) if func else (1, len(fi.lines))
    near = sorted((0 if lo <= ln <= hi else 1, abs(ln - line), v) for ln, v in fi.floats)
    for _, _, v in near:
        if v not in seen and len(out) < 3:
            seen.add(v)
            out.append(_mut(fi, node, v, "constant-replace", f"{node.value} -> {v}"))
    for factor in (10, 0.1):
        v = repr(round(value * factor, 12))
        if v not in seen:
            seen.add(v)
            out.append(_mut(fi, node, v, "constant-common", f"{node.value} -> {v}"))
    if value.is_integer():
        for v in (repr(value + 1), repr(value - 1)):
            if v not in seen:
                seen.add(v)
                out.append(_mut(fi, node, v, "constant-off-by-one", f"{node.value} -> {v}"))
    return out


def bool_literal_mutations(fi: FileInfo, node: cst.Name) -> list[Mutation]:
    """``True`` <-> ``False`` at ``node`` (no mutation for any other name)."""
    if node.value == "True":
        return [_mut(fi, node, "False", "bool-literal", "True -> False")]
    if node.value == "False":
        return [_mut(fi, node, "True", "bool-literal", "False -> True")]
    return []


def off_by_one_mutations(fi: FileInfo, node: cst.BaseExpression) -> list[Mutation]:
    """``e`` -> ``e + 1`` / ``e - 1`` where ``e`` is a range bound, slice bound, index, length.

    An index also as the position argument of ``xs.pop(i)`` / ``xs.insert(i, x)``.
    """
    if _int_value(node) is not None or isinstance(node, (cst.SimpleString, cst.FormattedString)):
        return []
    parent, _ = fi.parent_of(node)
    where = ""
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call, _ = fi.parent_of(parent)
        if isinstance(call, cst.Call) and _callee(call) in ("range", "islice", "enumerate"):
            where = "range bound"
        elif (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and call.func.attr.value in _INDEX_METHODS
            and call.args
            and call.args[0] is parent
        ):
            where = "index argument"  # xs.pop(i), xs.insert(i, x): a position, maybe 1-based
    elif isinstance(parent, cst.Slice):
        where = "slice bound"
    elif isinstance(parent, cst.Index):
        where = "index"
    elif isinstance(parent, (cst.ComparisonTarget, cst.Comparison)) and _mentions_len(node):
        where = "length comparison"
    elif isinstance(node, cst.Call) and _callee(node) == "len":
        where = "length"
    if not where:
        return []
    out: list[Mutation] = []
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, (cst.Add, cst.Subtract)):
        if _int_value(node.right) == 1:
            return out  # binop_mutations already drops/flips the +-1
    for sign in ("+", "-"):
        new = cst.BinaryOperation(
            left=node,
            operator=_spaced_like(_BIN_CLASSES[sign], _ONE_SPACE),
            right=cst.Integer("1"),
        )
        new = fix_child_parens(new)
        m = _mut(fi, node, new, "off-by-one", f"{where} {_short(fi, node)} {sign} 1")
        if where == "index argument":
            m.prior *= 0.25  # a mapping's pop(key) looks the same; arg-off-by-one goes first
        out.append(m)
    return out


def _mentions_len(node: cst.CSTNode) -> bool:
    found = False

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> bool:
            nonlocal found
            if isinstance(n.func, cst.Name) and n.func.value == "len":
                found = True
            return True

    node.visit(V())
    return found


# ------------------------------------------------------------------------------ names


def variable_mutations(
    fi: FileInfo, node: cst.Name, func: FuncInfo | None, limit: int = 5
) -> list[Mutation]:
    """A variable replaced by another name bound in the same function (siblings first).

    In a nested function, a variable of a function around it (a closure's) draws from that
    function's names; the parameters of every function in the scope chain come after.
    """
    if not _is_load_name(fi, node):
        return []
    name = node.value
    line = fi.line_of(node)
    pool: list[str] = []
    siblings: set[str] = set()
    chain = enclosing_funcs(fi, func) if func is not None else []
    # the function that binds the name: this one, or one around it (a closure's variable)
    owner = next((f for f in chain if name in f.locals or name in f.params), None)
    if owner is not None:
        groups = [g for g in owner.groups if name in g]
        for g in groups:
            pool.extend(n for n in g if n != name)
        siblings = set(pool)
        bound = {n: ln for ln, n in reversed(owner.assigns)}  # first binding line
        cands = [(abs(ln - line), n) for n, ln in bound.items() if ln <= line]
        cands += [(abs(owner.start - line) + 1000, p) for p in owner.params]
        for _, n in sorted(cands):
            pool.append(n)
        for f in chain:  # the parameters of the other scopes a nested function sees, after
            pool.extend(p for p in f.params if p not in pool)
    elif name.isupper() and name in fi.module_names:
        pool = [n for n in fi.module_names if n.isupper()]
    out: list[Mutation] = []
    seen = {name, "self", "cls", "_"}
    for n in pool:
        if n in seen:
            continue
        seen.add(n)
        prior = PRIORS["variable"] + (0.1 if n in siblings else 0.0)
        out.append(_mut(fi, node, n, "variable", f"{name} -> {n}", prior))
        if len(out) >= limit:
            break
    return out


def attribute_mutations(fi: FileInfo, node: cst.Attribute, st: StmtInfo) -> list[Mutation]:
    """``self.a`` -> ``self.b`` for another attribute of the same class."""
    if not (isinstance(node.value, cst.Name) and node.value.value == "self") or st.cls is None:
        return []
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Call) and fld == "func":
        return []
    attrs = fi.class_attrs.get(id(st.cls), [])
    methods = (
        {s.name.value for s in st.cls.body.body if isinstance(s, cst.FunctionDef)}
        if isinstance(st.cls.body, cst.IndentedBlock)
        else set()
    )
    out = []
    s, e = fi.span(node.attr)
    for a in attrs:
        if a == node.attr.value or a in methods:
            continue
        out.append(
            Mutation(
                (Edit(s, e, a),),
                "variable-attribute",
                f"self.{node.attr.value} -> self.{a}",
                fi.line_of(node),
                PRIORS["variable-attribute"],
            )
        )
        if len(out) >= 4:
            break
    return out
