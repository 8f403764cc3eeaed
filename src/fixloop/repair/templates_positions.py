"""Where an expression's value goes: one classifier for every expression position.

The expression templates (the wrappers of :mod:`.templates_wrappers`, the literal and context
kinds) decide what to try on a value by where the value goes: a returned value may need
``max(0, e)``, a condition ``not e``, what a loop walks ``sorted(e)``. They used to ask the
node's direct parent, so a value one step removed from a ``return`` or an assignment (the body
of a lambda, a branch of a conditional expression, an f-string's replacement field, a dict
value, a comprehension's element) had no position and got no wrapper. :func:`value_position`
looks through those containers, so that every template sees every expression position:

==================  ===============================================================
position            the value is ...
==================  ===============================================================
``"return"``        returned: ``return e``, a lambda's body, ``yield e``
``"assign"``        assigned: ``x = e``, ``x: T = e``, ``x += e``, ``(x := e)``
``"arg"``           a call argument, positional or keyword (``f(e)``, ``f(k=e)``)
``"formatted"``     an f-string's replacement field (``f"{e:.1f}"``)
``"element"``       an element of a list, tuple or set display, a dict value, the
                    element (or dict value) of a comprehension
``"operand"``       the right operand of a binary operator
``"left"``          the left operand of a binary operator
``"compared"``      either side of one ``<`` / ``<=`` / ``>`` / ``>=`` comparison
``"iter"``          what a ``for`` loop or a comprehension walks
``""``              anything else (a condition is the caller's to know)
==================  ===============================================================

A branch of a conditional expression (``a if c else b``) takes the position of the whole
expression, at any depth, so ``"k": total / n if n else 0.0`` is an element like ``total / n``
would be alone.
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, StmtInfo
from .templates_base import _callee

#: ``e <= bound``-like comparisons where ``e`` may be meant as a magnitude (``abs(e)``).
MAGNITUDE_CMP = (cst.LessThan, cst.LessThanEqual, cst.GreaterThan, cst.GreaterThanEqual)

#: the positions whose value is kept or handed on (returned, stored, passed, shown, collected)
VALUED = frozenset({"return", "assign", "arg", "formatted", "element"})


def _through_ifexp(fi: FileInfo, node: cst.CSTNode) -> cst.CSTNode:
    """``node``, or the outermost conditional expression it is a branch of (not its test)."""
    cur = node
    while True:
        parent, _ = fi.parent_of(cur)
        if isinstance(parent, cst.IfExp) and (parent.body is cur or parent.orelse is cur):
            cur = parent
            continue
        return cur


def value_position(fi: FileInfo, node: cst.CSTNode) -> str:
    """Where the value of the expression ``node`` goes (see the module's table).

    Args:
        fi: the file ``node`` belongs to (its parent map is read).
        node: an expression node of ``fi``'s tree.

    Returns:
        one of ``"return"``, ``"assign"``, ``"arg"``, ``"formatted"``, ``"element"``,
        ``"operand"``, ``"left"``, ``"compared"``, ``"iter"``, or ``""``.
    """
    cur = _through_ifexp(fi, node)
    parent, fld = fi.parent_of(cur)
    if parent is None:
        return ""
    if isinstance(parent, (cst.Return, cst.Yield)):
        return "return"
    if isinstance(parent, cst.Lambda) and parent.body is cur:
        return "return"
    if isinstance(parent, (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.NamedExpr)):
        return "assign" if parent.value is cur else ""
    if isinstance(parent, cst.Arg):
        return "arg" if parent.value is cur and not parent.star else ""
    if isinstance(parent, cst.FormattedStringExpression) and parent.expression is cur:
        return "formatted"
    if isinstance(parent, (cst.Element, cst.DictElement)) and parent.value is cur:
        return "element"
    if isinstance(parent, (cst.ListComp, cst.SetComp, cst.GeneratorExp)) and parent.elt is cur:
        return "element"
    if isinstance(parent, cst.DictComp) and parent.value is cur:
        return "element"
    if isinstance(parent, cst.BinaryOperation):
        return "operand" if fld == "right" else "left"
    if (
        isinstance(parent, cst.Comparison)
        and parent.left is cur
        and len(parent.comparisons) == 1
        and isinstance(parent.comparisons[0].operator, MAGNITUDE_CMP)
    ):
        return "compared"
    if isinstance(parent, cst.ComparisonTarget) and parent.comparator is cur:
        comp, _ = fi.parent_of(parent)
        if (
            isinstance(comp, cst.Comparison)
            and len(comp.comparisons) == 1
            and isinstance(parent.operator, MAGNITUDE_CMP)
        ):
            return "compared"
        return ""
    if isinstance(parent, (cst.For, cst.CompFor)) and parent.iter is cur:
        return "iter"
    return ""


def sign_tested(fi: FileInfo, node: cst.CSTNode, scope: cst.CSTNode | None) -> bool:
    """Whether ``scope`` compares the value ``node`` spells (same text) with zero.

    ``if rate < 0``, ``"fast" if rate > 0 else "slow"``: code that branches on a value's sign
    and then shows or returns the value itself often meant its magnitude (``abs(rate)``).

    Args:
        fi: the file.
        node: the value (its source text is compared, whitespace aside).
        scope: the function (or any node) searched; None: False. Its compared texts are
            collected once per file and scope (:func:`_zero_compared`).
    """
    if scope is None:
        return False
    return "".join(fi.text(node).split()) in _zero_compared(fi, scope)


def _zero_compared(fi: FileInfo, scope: cst.CSTNode) -> frozenset[str]:
    """The texts (whitespace aside) ``scope`` compares with ``0`` / ``0.0`` (cached)."""
    key = (id(fi), id(scope))
    got = _ZERO_CACHE.get(key)
    if got is not None and got[0] is fi.source:
        return got[1]
    texts: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) != 1:
                return
            target = n.comparisons[0]
            if not isinstance(target.operator, (*MAGNITUDE_CMP, cst.Equal, cst.NotEqual)):
                return
            sides = (n.left, target.comparator)
            for a, b in (sides, sides[::-1]):
                if _is_zero(b) and a in fi.positions:
                    texts.add("".join(fi.text(a).split()))

    scope.visit(V())
    if len(_ZERO_CACHE) > 256:
        _ZERO_CACHE.clear()
    result = frozenset(texts)
    _ZERO_CACHE[key] = (fi.source, result)
    return result


_ZERO_CACHE: dict[tuple[int, int], tuple[str, frozenset[str]]] = {}


def _is_zero(node: cst.CSTNode) -> bool:
    return (isinstance(node, cst.Integer) and node.value == "0") or (
        isinstance(node, cst.Float) and node.value in ("0.0", "0.", ".0")
    )


def arithmetic_has(node: cst.CSTNode, op: type[cst.BaseBinaryOp]) -> bool:
    """Whether the arithmetic spine of ``node`` (binary operations, nested) uses ``op``.

    ``(base - avg) * percent // 100`` has a subtraction; ``f(a - b) * 2`` has none (a call's
    arguments are not the spine).
    """
    if not isinstance(node, cst.BinaryOperation):
        return False
    if isinstance(node.operator, op):
        return True
    return arithmetic_has(node.left, op) or arithmetic_has(node.right, op)


def class_fields(fi: FileInfo, cls: cst.ClassDef) -> list[tuple[str, str]]:
    """The fields of a class of the file, in order, with their annotation text (or ``""``).

    Class-body fields (``name: str``, ``level = 0``: a dataclass's or a plain class's) first, then
    the ``self.`` attributes its methods use that the body does not declare.
    """
    out: list[tuple[str, str]] = []
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    for line in body:
        if not isinstance(line, cst.SimpleStatementLine):
            continue
        for small in line.body:
            if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                expr = small.annotation.annotation
                ann = fi.text(expr) if expr in fi.positions else ""
                out.append((small.target.value, ann))
            elif isinstance(small, cst.Assign):
                out += [
                    (t.target.value, "") for t in small.targets if isinstance(t.target, cst.Name)
                ]
    have = {n for n, _ in out}
    out += [(a, "") for a in fi.class_attrs.get(id(cls), []) if a not in have]
    return out


def all_class_fields(fi: FileInfo) -> list[list[tuple[str, str]]]:
    """:func:`class_fields` of every class of the file, in source order (cached per file)."""
    got = _FIELDS_CACHE.get(id(fi))
    if got is not None and got[0] is fi.source:
        return got[1]
    result = [class_fields(fi, cls) for cls in fi.classes.values()]
    if len(_FIELDS_CACHE) > 64:
        _FIELDS_CACHE.clear()
    _FIELDS_CACHE[id(fi)] = (fi.source, result)
    return result


_FIELDS_CACHE: dict[int, tuple[str, list[list[tuple[str, str]]]]] = {}


def sibling_fields(fi: FileInfo, node: cst.CSTNode) -> list[tuple[str, str, str]]:
    """Other fields of the objects whose fields ``node`` reads: ``(x.f, a, annotation of f)``.

    For each ``x.a`` in ``node`` (``x`` a plain name other than ``self``, whose attributes the
    class's own scope covers), every class of the file with a field ``a`` gives its other fields
    ``f`` as ``x.f`` (fields ``node`` already reads left out), in the class's order: the
    ``capacity`` of the barrel whose ``level`` is computed, the ``booking`` name of the team whose
    ``nickname`` is shown.
    """
    reads: list[tuple[str, str]] = []

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name) and n.value.value not in ("self", "cls"):
                pair = (n.value.value, n.attr.value)
                if pair not in reads:
                    reads.append(pair)

    node.visit(V())
    if not reads:
        return []
    text = fi.text(node)
    out: list[tuple[str, str, str]] = []
    for fields in all_class_fields(fi):
        names = {f for f, _ in fields}
        for base, attr in reads:
            if attr not in names:
                continue
            for f, ann in fields:
                cand = f"{base}.{f}"
                if f != attr and cand not in text and all(cand != o[0] for o in out):
                    out.append((cand, attr, ann))
    return out


def enclosing_funcs(fi: FileInfo, func: FuncInfo) -> list[FuncInfo]:
    """``func`` and the functions around it, innermost first (a closure's scope chain)."""
    out = [func]
    cur = fi.func_of.get(id(func.node))
    while cur is not None and cur not in out:
        out.append(cur)
        cur = fi.func_of.get(id(cur.node))
    return out


def scope_params(fi: FileInfo, func: FuncInfo) -> list[str]:
    """The parameters a function sees: its own, then its enclosing functions' (nearest first)."""
    out: list[str] = []
    for f in enclosing_funcs(fi, func):
        out += [p for p in f.params if p not in out]
    return out


def method_class(fi: FileInfo, func: FuncInfo) -> cst.ClassDef | None:
    """The class whose ``self`` the function sees, or None.

    Its own class for a method taking ``self``, or that of the nearest enclosing method (a nested
    function reads ``self`` by closure).
    """
    for f in enclosing_funcs(fi, func):
        cls = fi.class_of_func.get(id(f.node))
        if cls is not None:
            return cls if f.params[:1] == ["self"] else None
    return None


#: methods that grow a collection in place
_GROWERS = frozenset({"append", "extend", "add", "insert", "update", "appendleft"})


def collection_like(fi: FileInfo, func: FuncInfo, node: cst.CSTNode) -> bool:
    """Whether the function treats the value ``node`` spells as a collection elsewhere.

    It walks it (``for x in v``, a comprehension over ``v``), grows it (``v.append(x)``,
    ``v.add``, ``v.extend``...), or takes ``len(v)``; compared by source text, whitespace aside,
    in the function and the functions around it, and for a ``self.`` attribute read in a method
    also in the other methods of its class.
    """
    want = "".join(fi.text(node).split())
    found = False

    def same(n: cst.CSTNode) -> bool:
        return n in fi.positions and n is not node and "".join(fi.text(n).split()) == want

    class V(cst.CSTVisitor):
        def visit_For(self, n: cst.For) -> None:
            nonlocal found
            found = found or same(n.iter)

        def visit_CompFor(self, n: cst.CompFor) -> None:
            nonlocal found
            found = found or same(n.iter)

        def visit_Call(self, n: cst.Call) -> None:
            nonlocal found
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value in _GROWERS:
                found = found or same(f.value)
            elif isinstance(f, cst.Name) and f.value == "len" and len(n.args) == 1:
                found = found or same(n.args[0].value)

    for f in enclosing_funcs(fi, func):
        f.node.visit(V())
        if found:
            return True
    cls = method_class(fi, func)
    if cls is not None and want.startswith("self."):
        cls.visit(V())  # a ``self.`` attribute: the class's other methods walk or grow it too
    return found


def decorator_stmt(fi: FileInfo, line: int) -> StmtInfo | None:
    """The decorated ``def`` or ``class`` whose decorators cover ``line``, or None.

    libcst's position of a definition starts at its ``def``/``class`` keyword, so a decorator's
    line (``@retry(times=n - 1)``) belongs to no statement's header (or to the header of the
    class around a method); the templates reach a decorator's arguments through the definition
    it decorates (its header nodes include the decorators).
    """
    best: StmtInfo | None = None
    for st in fi.stmts:
        node = st.node
        if not isinstance(node, (cst.FunctionDef, cst.ClassDef)) or not node.decorators:
            continue
        first = node.decorators[0]
        if first not in fi.positions:
            continue
        if fi.line_of(first) <= line < st.start and (best is None or st.depth > best.depth):
            best = st
    return best


def lambda_params(fi: FileInfo, node: cst.CSTNode) -> set[str]:
    """The parameter names of every lambda ``node`` sits in (``x`` in ``lambda x: x.due < t``)."""
    out: set[str] = set()
    cur: cst.CSTNode | None = node
    while cur is not None:
        parent, _ = fi.parent_of(cur)
        if isinstance(parent, cst.Lambda):
            p = parent.params
            for prm in (*p.posonly_params, *p.params, *p.kwonly_params):
                out.add(prm.name.value)
        if isinstance(parent, (cst.FunctionDef, cst.BaseSmallStatement, cst.BaseCompoundStatement)):
            break
        cur = parent
    return out


def empty_string(fi: FileInfo, node: cst.CSTNode) -> str:
    """``""``, or ``''`` inside an f-string quoted with ``"``.

    Before Python 3.12 a replacement field cannot reuse its string's quote.
    """
    cur: cst.CSTNode | None = node
    while cur is not None:
        cur, _ = fi.parent_of(cur)
        if isinstance(cur, cst.FormattedString):
            return "''" if '"' in cur.start else '""'
    return '""'


def holder_of(fi: FileInfo, node: cst.CSTNode) -> cst.CSTNode | None:
    """The parent of ``node``, or of the conditional expression ``node`` is a branch of."""
    cur = node
    while True:
        parent, _ = fi.parent_of(cur)
        if isinstance(parent, cst.IfExp) and parent.test is not cur:
            cur = parent
            continue
        return parent


def identity_lambda(fi: FileInfo, node: cst.Name) -> bool:
    """``node`` is the whole body of a lambda and its one parameter (``lambda w: w``)."""
    parent, _ = fi.parent_of(node)
    if not (isinstance(parent, cst.Lambda) and parent.body is node):
        return False
    params = parent.params.params
    return len(params) == 1 and params[0].name.value == node.value


#: one-argument calls whose argument may have been meant as a count (``len(e)``)
COUNTED_CALLS = frozenset({"str", "range"})


def sole_arg_of(fi: FileInfo, node: cst.CSTNode) -> str | None:
    """The callee's name when ``node`` is the one positional argument of a call, else None."""
    parent, _ = fi.parent_of(node)
    if not isinstance(parent, cst.Arg) or parent.keyword is not None:
        return None
    call, _ = fi.parent_of(parent)
    if not isinstance(call, cst.Call) or len(call.args) != 1:
        return None
    return _callee(call) if isinstance(call.func, cst.Name) else None


def bare_type(annotation: str) -> str:
    """``str`` of ``str | None`` / ``Optional[str]`` / ``str``; ``""`` for no annotation."""
    a = annotation.replace(" ", "")
    if a.startswith("Optional[") and a.endswith("]"):
        a = a[len("Optional[") : -1]
    parts = [p for p in a.split("|") if p != "None"]
    return "|".join(parts)


def fallback_fields(fi: FileInfo, node: cst.CSTNode, limit: int = 2) -> list[str]:
    """``x.f`` fallbacks for a field read ``x.a``: other fields of the classes with a field ``a``.

    Fields of ``a``'s own type first (by annotation, ``None`` aside), fields of a known other type
    left out; at most ``limit``.
    """
    if not (isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name)):
        return []
    attr = node.attr.value
    own = ""
    for fields in all_class_fields(fi):
        for f, ann in fields:
            if f == attr and ann:
                own = bare_type(ann)
    same: list[str] = []
    unknown: list[str] = []
    for cand, a, ann in sibling_fields(fi, node):
        if a != attr:
            continue
        kind = bare_type(ann)
        if own and kind == own:
            same.append(cand)
        elif not (own and kind):
            unknown.append(cand)
    return (same + unknown)[:limit]


def header_nodes_on(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[cst.CSTNode]:
    """The nodes of ``st``'s header (bodies left out, pre-order) that have a source position.

    For a header over several lines and a 1-based ``line``, only the nodes starting on that line
    (a suspicious line of a multi-line header gets the mutations of its own nodes).
    """
    nodes = [n for n in fi.header_nodes(st) if n in fi.positions]
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if fi.line_of(n) == line]
    return nodes


def module_assignments(fi: FileInfo) -> list[tuple[str, cst.BaseExpression]]:
    """``(NAME, value)`` of the module's top-level one-target assignments, plain or annotated.

    Only lines holding one statement, with a plain name as the target; in source order; one walk
    of the module's top level per file (kept in ``fi.memo``).
    """
    got = fi.memo.get("module_assignments")
    if isinstance(got, list):
        return got
    out: list[tuple[str, cst.BaseExpression]] = []
    for stmt in fi.module.body:
        if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if isinstance(small, cst.Assign) and len(small.targets) == 1:
            target, value = small.targets[0].target, small.value
        elif isinstance(small, cst.AnnAssign) and small.value is not None:
            target, value = small.target, small.value
        else:
            continue
        if isinstance(target, cst.Name):
            out.append((target.value, value))
    fi.memo["module_assignments"] = out
    return out


def _bound_to(fi: FileInfo, node: cst.CSTNode) -> str:
    """The name a value is stored under: a keyword argument's, an assignment target's last name."""
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Arg) and parent.keyword is not None:
        return parent.keyword.value
    if isinstance(parent, (cst.Assign, cst.AnnAssign)):
        target = parent.targets[0].target if isinstance(parent, cst.Assign) else parent.target
        if isinstance(target, cst.Name):
            return target.value
        if isinstance(target, cst.Attribute):
            return target.attr.value
    return ""


def compared_constants(fi: FileInfo, node: cst.CSTNode, limit: int = 2) -> list[str]:
    """Module constants that the field ``node`` is stored under is compared with elsewhere.

    ``seat=row.get("seat")`` in a module that tests ``self.seat != UNRESERVED`` -> ``["UNRESERVED"]``:
    the sentinel the program means by "no value" for that field (``==``, ``!=``, ``is``,
    ``is not``; either side). Upper-case module names only; in source order, at most ``limit``.
    One walk of the module per file (kept in ``fi.memo``).
    """
    name = _bound_to(fi, node)
    if not name:
        return []
    return _compared(fi).get(name, [])[:limit]


def _compared(fi: FileInfo) -> dict[str, list[str]]:
    """Field or name -> the module constants it is compared with, in source order."""
    got = fi.memo.get("compared_constants")
    if isinstance(got, dict):
        return got
    consts = {n for n in fi.module_names if n.lstrip("_").isupper()}
    out: dict[str, list[str]] = {}

    def key(e: cst.BaseExpression) -> str:
        if isinstance(e, cst.Name):
            return e.value
        return e.attr.value if isinstance(e, cst.Attribute) else ""

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) != 1:
                return
            c = n.comparisons[0]
            if not isinstance(c.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot)):
                return
            for a, b in ((n.left, c.comparator), (c.comparator, n.left)):
                k = key(a)
                if k and isinstance(b, cst.Name) and b.value in consts and b.value != k:
                    seen = out.setdefault(k, [])
                    if b.value not in seen:
                        seen.append(b.value)

    fi.module.visit(V())
    fi.memo["compared_constants"] = out
    return out
