"""Wrapper templates: a value expression wrapped in the call or operator it lacks.

Issue 19's wrapper kinds, as fix patterns (PraPR's method-call mutators; Python repair studies,
e.g. Widyasari et al., "BugsInPy", FSE 2020 demo, where ``max``/``abs``/``len``/``or`` wrappers
and ``None`` checks are common one-line fixes). Each wrapper is tried wherever its kind of value
sits (:func:`~.templates_positions.value_position`): returned (also a lambda's body, at any
nesting of functions), assigned, passed (positional or keyword, also a decorator's argument),
shown in an f-string field, stored as a dict value or an element, a branch of ``a if c else b``
where the whole sits, an operand of an arithmetic operation (either side), a compared value, an
operand of a condition's and/or chain (also a comprehension's ``if`` and an ``assert``):

- ``wrap-abs``: ``abs(a - b)`` for a difference anywhere, or a value compared with a bound (the
  prior is raised when the same statement already takes an ``abs`` elsewhere: the mirror of a
  half-fixed distance);
- ``wrap-max0``: ``max(0, e)`` for a sum or difference that is returned, assigned or passed;
- ``wrap-min-cap`` / ``wrap-max-floor``: ``min(cap, e)`` / ``max(floor, e)`` with ``cap`` a name
  in scope whose words say it is a bound (``capacity``, ``limit``, ``max_...``; ``min_...``,
  ``floor``), drawn from the parameters in scope, its class's ``self.`` attributes, the other
  fields of the object the value reads (``b.capacity`` for ``b.level + x``) and the module's
  constants, never a literal; ``min(cap, name)`` for a plain name too, ``cap`` also an
  attribute the method's class stores and never reads (:func:`plain_caps`);
- ``wrap-len``: ``len(e)`` for a non-numeric value divided, subtracted, taken modulo, compared,
  the one argument of ``str()`` or ``range()``, or an f-string field the function otherwise
  treats as a collection (:func:`~.templates_positions.collection_like`);
- ``wrap-not``: ``not e`` for a value returned or assigned, or an operand of a condition;
- ``wrap-or-default``: ``e or d`` with ``d`` another lookup of the same mapping, a module
  constant sharing a word with ``e`` (``params.get("charset") or DEFAULT_CHARSET``), another
  field of the object of an optional field (``team.nickname or team.booking``), a defaulted
  parameter or an empty literal; first a constant the program compares the value's field with
  (``seat=row.get("seat") or UNRESERVED`` beside ``self.seat != UNRESERVED``: its sentinel);
- ``wrap-round``: ``round(e)``, ``round(e, 1)``, ``round(e, 2)`` for a product or quotient that
  is returned, assigned or passed;
- ``wrap-sorted``: ``sorted(e)`` for what a ``for`` loop or a comprehension walks (not a call
  whose result has an order of its own: ``range``, ``enumerate``, ``items``...);
- ``wrap-none-guard``: ``x is None or c`` / ``x is not None and c`` for a condition ``c`` reading
  ``x``, also a comparison whose value is assigned or returned (``ok = n <= limit``); ``x`` also
  an attribute ``b.a`` that ``c`` reads, first when ``a`` is an optional field of the file
  (:func:`none_fields`: a ``None`` default stored as ``self.a``, a class-body ``a = None``).

:func:`wrapper_stmt_mutations` drives them over a statement's header (bodies left out), as
:func:`~fixloop.repair.templates_wrap.wrap_mutations` does for the other kinds of issue 19.
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _is_load_name, _mut, _short
from .templates_positions import (
    COUNTED_CALLS,
    VALUED,
    arithmetic_has,
    collection_like,
    compared_constants,
    empty_string,
    enclosing_funcs,
    fallback_fields,
    holder_of,
    identity_lambda,
    lambda_params,
    method_class,
    scope_params,
    sibling_fields,
    sign_tested,
    sole_arg_of,
    value_position,
)


def _defaults(func: FuncInfo) -> list[str]:
    """Names of the function's parameters that have a default value."""
    params = func.node.params
    return [p.name.value for p in (*params.params, *params.kwonly_params) if p.default is not None]


def _none_default_params(func: FuncInfo) -> set[str]:
    params = func.node.params
    return {
        p.name.value
        for p in (*params.params, *params.kwonly_params)
        if isinstance(p.default, cst.Name) and p.default.value == "None"
    }


def _is_value_position(fi: FileInfo, node: cst.CSTNode) -> str:
    """Where an expression sits: return, assign, arg, operand, compared, or ``""``.

    :func:`~.templates_positions.value_position`, narrowed to these: a lambda's body is returned,
    a branch of ``a if c else b`` sits where the whole does.
    """
    where = value_position(fi, node)
    return where if where in ("return", "assign", "arg", "operand", "compared") else ""


def _lookup_base(node: cst.BaseExpression) -> str:
    """``x`` of a lookup ``x[k]`` / ``x.get(k)`` (a plain name), else ``""``."""
    if isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
        return node.value.value
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Attribute)
        and node.func.attr.value == "get"
        and isinstance(node.func.value, cst.Name)
    ):
        return node.func.value.value
    return ""


def sibling_lookups(fi: FileInfo, node: cst.BaseExpression, limit: int = 2) -> list[str]:
    """Other ``x[k]`` lookups of the module on the same name ``x`` as ``node`` (``x.get(...)``).

    A value read from a mapping that may lack it often falls back to another entry of the same
    mapping (``user.get("display_name") or user["login"]``); the module's own lookups on a name
    spelled the same are the candidates, in source order.
    """
    base = _lookup_base(node)
    if not base:
        return []
    own = fi.text(node)
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Subscript(self, n: cst.Subscript) -> None:
            if isinstance(n.value, cst.Name) and n.value.value == base:
                t = fi.text(n) if n in fi.positions else ""
                if t and t != own and "\n" not in t and t not in out:
                    out.append(t)

    fi.module.visit(V())
    return out[:limit]


#: words of a name that say it is an upper bound (``min(cap, e)``) or a lower one (``max(lo, e)``)
_CAP_WORDS = frozenset(
    {"max", "maximum", "cap", "capacity", "limit", "upper", "ceiling", "ceil", "full", "most"}
)
_FLOOR_WORDS = frozenset({"min", "minimum", "floor", "lower", "least", "low"})
#: calls whose value is already a number: never wrapped in ``len``
_NUMERIC_CALLS = frozenset(
    {"len", "sum", "int", "float", "round", "abs", "min", "max", "count", "index", "find", "ord"}
)


def _words(name: str) -> set[str]:
    """Lower-case words of an identifier (``DEFAULT_CHARSET`` -> {default, charset}, camelCase)."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    return {w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w}


def _position(fi: FileInfo, node: cst.CSTNode, conditions: set[int]) -> str:
    """Where a value sits, for the wrappers.

    :func:`~.templates_positions.value_position` (``"return"``, ``"assign"``, ``"arg"``,
    ``"formatted"``, ``"element"``, ``"operand"``, ``"left"``, ``"compared"``, ``"iter"``), else
    ``"condition"`` for a condition or an operand of an and/or chain (ids in ``conditions``), else
    ``""``.
    """
    where = value_position(fi, node)
    if where:
        return where
    return "condition" if id(node) in conditions else ""


def _module_constants(fi: FileInfo) -> list[str]:
    """The module's upper-case names (constants, also ``_PRIVATE`` ones), in source order."""
    return [n for n in fi.module_names if n.lstrip("_").isupper()]


def bound_names(
    fi: FileInfo, func: FuncInfo, node: cst.CSTNode, words: frozenset[str]
) -> list[str]:
    """Names in scope whose words say they are a bound of the kind ``words``, not read in ``node``.

    Drawn from the parameters of the function and of the functions around it, its class's
    ``self.`` attributes (a method taking ``self``, or a function nested in one), the other
    fields of an object whose fields ``node`` reads (``b.capacity`` for ``b.level + inflow``,
    :func:`~.templates_positions.sibling_fields`) and the module's constants, in that order; at
    most three.
    """
    inside = fi.names_in(node)
    text = fi.text(node)
    found: list[str] = []
    for p in scope_params(fi, func):
        if p not in ("self", "cls") and p not in inside and _words(p) & words:
            found.append(p)
    cls = method_class(fi, func)
    if cls is not None:
        for a in fi.class_attrs.get(id(cls), []):
            if f"self.{a}" not in text and _words(a) & words:
                found.append(f"self.{a}")
    for cand, _, _ in sibling_fields(fi, node):
        if _words(cand.rsplit(".", 1)[1]) & words and cand not in found:
            found.append(cand)
    for c in _module_constants(fi):
        if c not in inside and _words(c) & words:
            found.append(c)
    return found[:3]


#: calls whose result already has an order of its own: never wrapped in ``sorted``
_ORDERED_CALLS = frozenset(
    {"sorted", "range", "enumerate", "zip", "reversed", "items", "keys", "values", "split"}
)


def unread_attributes(fi: FileInfo, cls: cst.ClassDef) -> list[str]:
    """The ``self.`` attributes the class stores and never reads, in source order.

    A value kept and never used is the classic shape of a forgotten use (the stored
    ``self.seats`` a method should have bounded its count by), as an unread local is for a
    renamed variable (:func:`~fixloop.repair.templates_names.unread_locals`).
    """
    key = (id(fi), id(cls))
    got = _UNREAD.get(key)
    if got is not None and got[0] is fi.source:
        return got[1]
    read: set[str] = set()

    class V(cst.CSTVisitor):
        def __init__(self) -> None:
            self.stores: set[int] = set()

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            self.stores.add(id(n.target))

        def visit_AnnAssign(self, n: cst.AnnAssign) -> None:
            self.stores.add(id(n.target))

        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name) and n.value.value == "self":
                if id(n) not in self.stores:
                    read.add(n.attr.value)

    cls.visit(V())
    assigned = fi.class_assigned.get(id(cls), set())
    out = [a for a in fi.class_attrs.get(id(cls), []) if a in assigned and a not in read]
    if len(_UNREAD) > 64:
        _UNREAD.clear()
    _UNREAD[key] = (fi.source, out)
    return out


_UNREAD: dict[tuple[int, int], tuple[str, list[str]]] = {}


def plain_caps(fi: FileInfo, func: FuncInfo, node: cst.Name) -> list[tuple[str, float]]:
    """Bounds ``cap`` for ``min(cap, name)``, with a weight each (at most two).

    Names in scope whose words say they are an upper bound (:func:`bound_names`, weight 0.8),
    then, in a method, the attributes its class stores and never reads (weight 0.7): a count
    passed on unbounded where the class keeps a limit it never applies.
    """
    out = [(c, 0.8) for c in bound_names(fi, func, node, _CAP_WORDS)]
    cls = method_class(fi, func)
    if cls is not None:
        have = {c for c, _ in out}
        out += [(f"self.{a}", 0.7) for a in unread_attributes(fi, cls) if f"self.{a}" not in have]
    return out[:2]


def _related_constants(fi: FileInfo, node: cst.CSTNode) -> list[str]:
    """Module constants sharing a word of three letters or more with ``node``'s text or names."""
    mine: set[str] = set()
    for n in fi.names_in(node):
        mine |= _words(n)
    for s in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", fi.text(node)):
        mine |= _words(s)
    mine = {w for w in mine if len(w) >= 3}
    return [c for c in _module_constants(fi) if _words(c) & mine and c not in fi.names_in(node)][:2]


def _has_abs(fi: FileInfo, node: cst.CSTNode) -> bool:
    """Whether the statement holding ``node`` already calls ``abs`` on something else."""
    st = fi.stmt_info(_statement_of(fi, node))
    if st is None:
        return False
    return any(isinstance(n, cst.Call) and _callee(n) == "abs" for n in fi.header_nodes(st))


def _statement_of(fi: FileInfo, node: cst.CSTNode) -> cst.CSTNode:
    cur: cst.CSTNode = node
    while True:
        parent, _ = fi.parent_of(cur)
        if parent is None or isinstance(
            parent, (cst.SimpleStatementLine, cst.BaseCompoundStatement)
        ):
            return parent if parent is not None else cur
        cur = parent


def wrapper_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo | None, conditions: set[int]
) -> list[Mutation]:
    """The wrappers of the module docstring around one value expression ``node``.

    ``conditions``: ids of the statement's condition nodes (and of their and/or operands).
    """
    where = _position(fi, node, conditions)
    if not where or func is None:
        return []
    if isinstance(node, (cst.SimpleString, cst.Integer, cst.Float, cst.FormattedString)):
        return []
    if isinstance(node, cst.Name) and not _is_load_name(fi, node):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    short = _short(fi, node)
    out: list[Mutation] = []
    op = node.operator if isinstance(node, cst.BinaryOperation) else None
    valued = where in VALUED
    # an element of a display or a comprehension is one value among several: a little less likely
    weight = 0.8 if where == "element" else 1.0
    whole = isinstance(node, cst.BinaryOperation) and not isinstance(
        fi.parent_of(node)[0], cst.BinaryOperation
    )
    if isinstance(op, (cst.Subtract, cst.Add)) and valued:
        out.append(_mut(fi, node, f"max(0, {text})", "wrap-max0", f"{short} -> max(0, ...)"))
    elif valued and whole and arithmetic_has(node, cst.Subtract):
        # a difference scaled or divided (``(base - avg) * pct // 100``): the whole, never negative
        m = _mut(fi, node, f"max(0, {text})", "wrap-max0", f"{short} -> max(0, ...)")
        m.prior *= 0.8
        out.append(m)
    plain = isinstance(node, (cst.Call, cst.Name, cst.Attribute, cst.Subscript))
    if (isinstance(op, cst.Subtract) and where != "condition") or (where == "compared" and plain):
        m = _mut(fi, node, f"abs({text})", "wrap-abs", f"{short} -> abs(...)")
        if _has_abs(fi, node):
            m.prior *= 1.5
        out.append(m)
    elif plain and valued and sign_tested(fi, node, func.node):
        # the function branches on the value's sign, then shows or hands on the value itself
        out.append(_mut(fi, node, f"abs({text})", "wrap-abs", f"{short} -> abs(...)"))
    if isinstance(op, (cst.Add, cst.Subtract, cst.Multiply)) and valued:
        for cap in bound_names(fi, func, node, _CAP_WORDS):
            out.append(
                _mut(fi, node, f"min({cap}, {text})", "wrap-min-cap", f"{short} -> min({cap}, ...)")
            )
        for lo in bound_names(fi, func, node, _FLOOR_WORDS):
            out.append(
                _mut(fi, node, f"max({lo}, {text})", "wrap-max-floor", f"{short} -> max({lo}, ...)")
            )
    elif isinstance(node, cst.Name) and valued:
        for cap, weight_cap in plain_caps(fi, func, node):
            m = _mut(fi, node, f"min({cap}, {text})", "wrap-min-cap", f"{short} -> min({cap}, ...)")
            m.prior *= weight_cap
            out.append(m)
    if isinstance(op, (cst.Multiply, cst.Divide)) and valued:
        out.append(_mut(fi, node, f"round({text})", "wrap-round", f"{short} -> round(...)"))
        for digits in (1, 2):  # to a tenth, to a cent: the usual precisions of a reported value
            m = _mut(
                fi,
                node,
                f"round({text}, {digits})",
                "wrap-round",
                f"{short} -> round(..., {digits})",
            )
            m.prior *= 0.9
            out.append(m)
    if (
        where == "iter"
        and plain
        and not (isinstance(node, cst.Call) and _callee(node) in _ORDERED_CALLS)
    ):
        out.append(_mut(fi, node, f"sorted({text})", "wrap-sorted", f"{short} -> sorted(...)"))
    if plain and not (isinstance(node, cst.Call) and _callee(node) in _NUMERIC_CALLS):
        parent, _ = fi.parent_of(node)
        arith = isinstance(parent, cst.BinaryOperation) and isinstance(
            parent.operator, (cst.Divide, cst.FloorDivide, cst.Modulo, cst.Subtract)
        )
        if (where in ("operand", "left") and arith) or where == "compared":
            out.append(_mut(fi, node, f"len({text})", "wrap-len", f"{short} -> len(...)"))
        elif (where == "arg" and sole_arg_of(fi, node) in COUNTED_CALLS) or (
            where == "formatted" and collection_like(fi, func, node)
        ):
            # ``str(piece)`` / ``range(xs)`` / ``f"{items} items"``: a count was meant
            m = _mut(fi, node, f"len({text})", "wrap-len", f"{short} -> len(...)")
            m.prior *= 0.7
            out.append(m)
    keyed = where == "element" and isinstance(holder_of(fi, node), cst.DictElement)
    if plain and (where in ("return", "assign", "condition") or keyed):
        # a dict value under a key is stored like an assignment (``{"active": u.banned}``)
        parent, _ = fi.parent_of(node)
        if not isinstance(parent, cst.UnaryOperation):
            out.append(_mut(fi, node, f"not {text}", "wrap-not", f"{short} -> not ..."))
    if isinstance(node, cst.Name) and identity_lambda(fi, node):
        # ``key=lambda w: w`` orders by the value itself: a measure of it was meant
        for wrapper, template, factor in (("len", "wrap-len", 0.8), ("abs", "wrap-abs", 0.6)):
            m = _mut(fi, node, f"{wrapper}({text})", template, f"{short} -> {wrapper}(...)")
            m.prior *= factor
            out.append(m)
    if valued and isinstance(node, (cst.Name, cst.Attribute, cst.Call)):
        fallbacks = fallback_fields(fi, node)
        # the sentinel the program compares the field with first (``self.seat != UNRESERVED``)
        sentinels = compared_constants(fi, node)
        lookups = sentinels + [
            d for d in sibling_lookups(fi, node) + _related_constants(fi, node) if d not in sentinels
        ]
        alts = (
            fallbacks
            + lookups
            + [d for f in enclosing_funcs(fi, func) for d in _defaults(f) if d != text][:2]
            + [empty_string(fi, node), "0", "[]"]
        )
        for k, d in enumerate(alts[: 4 + len(lookups) + len(fallbacks)]):
            m = _mut(fi, node, f"{text} or {d}", "wrap-or-default", f"{short} -> ... or {d}")
            if k < len(fallbacks) and _optional_field(fi, node):
                m.prior *= 1.2  # an optional field falling back to another field of its object
            elif d in sentinels:
                m.prior *= 1.2  # the program's own "no value" for that field
            out.append(m)
    for m in out:
        m.prior *= weight
    return out


def _optional_field(fi: FileInfo, node: cst.CSTNode) -> bool:
    """``x.a`` where ``a`` is a field the file's classes may hold ``None`` in."""
    return isinstance(node, cst.Attribute) and node.attr.value in none_fields(fi)


def none_guard_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo | None
) -> list[Mutation]:
    """A condition reading ``x`` (or ``x.a``) gets ``x is None or c`` / ``x is not None and c``."""
    if func is None or isinstance(node, cst.UnaryOperation):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    chain = enclosing_funcs(fi, func)  # a nested function reads its outer ones' names too
    nones = set().union(*(_none_default_params(f) for f in chain))
    lam = lambda_params(fi, node)  # a lambda's parameters are names in scope too
    names = [
        n
        for n in sorted(fi.names_in(node))
        if n in lam or any(n in f.params or n in f.locals for f in chain)
    ]
    names = [n for n in names if n not in ("self", "cls")]
    names.sort(key=lambda n: (n not in nones, n))
    # ``b.drink_by`` for a name in scope ``b``: an optional field (a ``None`` default of the file)
    fields = none_fields(fi)
    reads = [a for a in _attribute_reads(node) if a.split(".")[0] in (*names, "self")]
    reads.sort(key=lambda a: a.rsplit(".", 1)[1] not in fields)
    names = [*reads[:2], *names]
    names.sort(key=lambda n: (n.rsplit(".", 1)[-1] not in (nones | fields), "." not in n))
    out = []
    inner = f"({text})" if isinstance(node, cst.BooleanOperation) else text
    # an operand of ``and``/``or`` keeps its place only in parentheses
    parent, _ = fi.parent_of(node)
    wrap = "({})" if isinstance(parent, cst.BooleanOperation) else "{}"
    for n in names[:3]:
        weight = 1.0 if n in nones or ("." in n and n.rsplit(".", 1)[1] in fields) else 0.5
        out.append(
            _mut(
                fi,
                node,
                wrap.format(f"{n} is None or {inner}"),
                "wrap-none-guard",
                f"'{n} is None or' before {_short(fi, node)}",
                None,
            )
        )
        out[-1].prior *= weight
        out.append(
            _mut(
                fi,
                node,
                wrap.format(f"{n} is not None and {inner}"),
                "wrap-none-guard",
                f"'{n} is not None and' before {_short(fi, node)}",
                None,
            )
        )
        out[-1].prior *= weight * 0.9
    return out


def _attribute_reads(node: cst.CSTNode) -> list[str]:
    """``x.a`` texts of the node whose ``x`` is a plain name, in first-seen order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name):
                t = f"{n.value.value}.{n.attr.value}"
                if t not in out:
                    out.append(t)

    node.visit(V())
    return out


def none_fields(fi: FileInfo) -> set[str]:
    """Attribute names the file's classes may hold ``None`` in.

    A constructor parameter defaulting to ``None`` stored as ``self.<same name>``, or a class-body
    field whose value is ``None`` (``drink_by: int | None = None``).
    """
    out: set[str] = set()
    for func in fi.funcs.values():
        cls = fi.class_of_func.get(id(func.node))
        if cls is not None:
            out |= _none_default_params(func) & fi.class_assigned.get(id(cls), set())
    for cls in fi.classes.values():
        body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
        for line in body:
            if not isinstance(line, cst.SimpleStatementLine):
                continue
            for small in line.body:
                value = getattr(small, "value", None)
                if not (isinstance(value, cst.Name) and value.value == "None"):
                    continue
                if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                    out.add(small.target.value)
                elif isinstance(small, cst.Assign):
                    out.update(
                        t.target.value for t in small.targets if isinstance(t.target, cst.Name)
                    )
    return out


def wrapper_stmt_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """Every wrapper of this module over one statement's header (bodies left out).

    ``line``: for a header spanning several lines, only the nodes starting on it.
    """
    func = fi.func_info(st.func)
    every = list(fi.header_nodes(st))
    conditions: set[int] = set()
    for n in every:
        if isinstance(n, (cst.If, cst.While, cst.IfExp, cst.CompIf, cst.Assert)):
            conditions.add(id(n.test))
    for n in every:  # the operands of an and/or chain are conditions too (pre-order)
        if isinstance(n, cst.BooleanOperation):
            conditions.update((id(n.left), id(n.right)))
    nodes = every
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if n in fi.positions and fi.line_of(n) == line]
    out: list[Mutation] = []
    for n in nodes:
        if n not in fi.positions or not isinstance(n, cst.BaseExpression):
            continue
        out.extend(guarded(fi, wrapper_mutations, fi, n, func, conditions))
        if id(n) in conditions or _valued_comparison(fi, n):
            out.extend(guarded(fi, none_guard_mutations, fi, n, func))
    return out


def _valued_comparison(fi: FileInfo, node: cst.CSTNode) -> bool:
    """A comparison whose truth value is assigned or returned (``ok = n <= limit``)."""
    return isinstance(node, cst.Comparison) and _is_value_position(fi, node) in ("return", "assign")
