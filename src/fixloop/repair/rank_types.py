"""A default the program's own types contradict: ``extras or ""`` where ``extras: list[str] | None``.

A missing default is a common bug (issue 19's wrappers: ``e or default``), and the templates
offer several defaults for one value (``or []``, ``or ""``, ``or 0``, ``or {}``). When the visible
tests only check that the code no longer raises on ``None`` (an empty ticket, a zero price), two
of them pass, and the one of the wrong type fails the hidden tests the first time the value is
used as what it is (``self.extras.append(x)`` on a string). The program usually says which type
the value has: an annotation of the parameter, of the attribute, of the function's return, or
the methods the code calls on it (``.append`` is a list's, ``.add`` a set's, ``.items`` a
mapping's).

:func:`type_clash` counts the literals a patch introduces, as the default of an ``or`` or as the
value of an assignment, whose type that evidence contradicts. :func:`.overfit.rank_plausible`
puts a patch with a clash after those without, among patches the traced evidence ties (a rank,
never a filter). Source: the type checker's judgement (mypy reports ``list[str] | str`` has no
``append``; PEP 484 annotations as the author's specification), and type-consistency filtering
of patches in program repair (e.g. the compilability and type checks of TBar's and SketchFix's
candidate validation; Liu et al. ISSTA 2019, Hua et al. ICSE 2018). Why a reviewer accepts it on a
program never seen: the literal is judged only against what the program itself declares or does
with the value; without such evidence the rule says nothing.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from fixloop.repair.candidate import Candidate

__all__ = ["annotation_kinds", "literal_kind", "type_clash"]

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)

#: annotation names -> the literal kinds a value of that type may be
_ANNOTATION_KINDS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("list", "List", "MutableSequence"), frozenset({"list"})),
    **dict.fromkeys(
        ("Sequence", "Iterable", "Collection", "Reversible", "Container"),
        frozenset({"list", "tuple"}),
    ),
    **dict.fromkeys(("tuple", "Tuple"), frozenset({"tuple"})),
    **dict.fromkeys(
        ("dict", "Dict", "Mapping", "MutableMapping", "defaultdict", "OrderedDict", "Counter"),
        frozenset({"dict"}),
    ),
    **dict.fromkeys(
        ("set", "Set", "frozenset", "FrozenSet", "MutableSet", "AbstractSet"), frozenset({"set"})
    ),
    "str": frozenset({"str"}),
    "bytes": frozenset({"bytes"}),
    "int": frozenset({"int", "bool"}),
    "float": frozenset({"float", "int", "bool"}),
    "complex": frozenset({"complex", "float", "int", "bool"}),
    "bool": frozenset({"bool"}),
    "None": frozenset({"None"}),
}

#: methods only one kind of built-in value has (the evidence of use)
_METHOD_KINDS: dict[str, str] = {
    **dict.fromkeys(("append", "extend", "insert", "sort", "reverse"), "list"),
    **dict.fromkeys(("add", "discard", "issubset", "issuperset", "symmetric_difference"), "set"),
    **dict.fromkeys(("items", "keys", "values", "setdefault"), "dict"),
    **dict.fromkeys(
        (
            "upper",
            "lower",
            "strip",
            "lstrip",
            "rstrip",
            "split",
            "startswith",
            "endswith",
            "casefold",
            "splitlines",
            "isdigit",
            "zfill",
        ),
        "str",
    ),
}


def literal_kind(e: ast.expr) -> str | None:
    """The kind of a literal expression: ``"list"``, ``"dict"``, ``"str"``, ... or None.

    ``[]``, ``{}``, ``()``, ``""``, ``0``, ``0.0``, ``False``, ``None`` and the empty calls
    ``list()``, ``dict()``, ``set()``, ``tuple()``, ``str()``; anything else is no literal (None).
    """
    if isinstance(e, ast.List):
        return "list"
    if isinstance(e, ast.Dict):
        return "dict"
    if isinstance(e, ast.Set):
        return "set"
    if isinstance(e, ast.Tuple):
        return "tuple"
    if isinstance(e, ast.Constant):
        v = e.value
        if v is None:
            return "None"
        return {bool: "bool", int: "int", float: "float", str: "str", bytes: "bytes"}.get(type(v))
    if (
        isinstance(e, ast.Call)
        and isinstance(e.func, ast.Name)
        and not e.args
        and not e.keywords
        and e.func.id in ("list", "dict", "set", "tuple", "str", "frozenset")
    ):
        return "set" if e.func.id == "frozenset" else e.func.id
    return None


def annotation_kinds(ann: ast.expr | None) -> frozenset[str] | None:
    """The literal kinds an annotation allows (``list[str] | None`` -> list, None), or None.

    None when any part of the annotation is unknown (a user class, ``Any``, a type variable):
    the rule then says nothing.
    """
    if ann is None:
        return None
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):  # a string annotation
        try:
            return annotation_kinds(ast.parse(ann.value, mode="eval").body)
        except SyntaxError:
            return None
    if isinstance(ann, ast.Constant) and ann.value is None:
        return _ANNOTATION_KINDS["None"]
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        left, right = annotation_kinds(ann.left), annotation_kinds(ann.right)
        return None if left is None or right is None else left | right
    if isinstance(ann, ast.Subscript):
        base = _name(ann.value)
        if base in ("Optional", "Union"):
            parts = ann.slice.elts if isinstance(ann.slice, ast.Tuple) else [ann.slice]
            kinds = [annotation_kinds(p) for p in parts]
            if any(k is None for k in kinds):
                return None
            out = frozenset().union(*(k for k in kinds if k is not None))
            return out | _ANNOTATION_KINDS["None"] if base == "Optional" else out
        return _ANNOTATION_KINDS.get(base or "")
    return _ANNOTATION_KINDS.get(_name(ann) or "")


def _name(e: ast.expr) -> str | None:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        return e.attr
    return None


def _key(e: ast.expr) -> str | None:
    """``"x"`` for a name, ``"self.x"`` for an attribute of a name, else None."""
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute) and isinstance(e.value, ast.Name):
        return f"{e.value.id}.{e.attr}"
    return None


def _parents(tree: ast.AST) -> dict[int, ast.AST]:
    return {id(c): p for p in ast.walk(tree) for c in ast.iter_child_nodes(p)}


def _enclosing(
    node: ast.AST, parents: dict[int, ast.AST], kind: type | tuple[type, ...]
) -> ast.AST | None:
    p = parents.get(id(node))
    while p is not None and not isinstance(p, kind):
        p = parents.get(id(p))
    return p


def _declared(key: str, func: ast.AST | None, cls: ast.AST | None) -> frozenset[str] | None:
    """The kinds the annotations of ``key`` (a parameter, a local, ``self.attr``) allow."""
    found: list[ast.expr] = []
    if isinstance(func, _FUNCS) and "." not in key:
        a = func.args
        for arg in [*a.posonlyargs, *a.args, *a.kwonlyargs]:
            if arg.arg == key and arg.annotation is not None:
                found.append(arg.annotation)
        for n in ast.walk(func):
            if isinstance(n, ast.AnnAssign) and _key(n.target) == key:
                found.append(n.annotation)
    if isinstance(cls, ast.ClassDef) and key.startswith("self."):
        attr = key.split(".", 1)[1]
        for n in ast.walk(cls):
            if isinstance(n, ast.AnnAssign) and (
                _key(n.target) == key
                or (isinstance(n.target, ast.Name) and n.target.id == attr and n in cls.body)
            ):
                found.append(n.annotation)
    kinds = [annotation_kinds(a) for a in found]
    if not kinds or any(k is None for k in kinds):
        return None
    return frozenset.intersection(*(k for k in kinds if k is not None))


def _used_as(key: str, scope: ast.AST | None) -> str | None:
    """The one kind the methods called on ``key`` in ``scope`` belong to, or None."""
    if scope is None:
        return None
    kinds = {
        _METHOD_KINDS[n.func.attr]
        for n in ast.walk(scope)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in _METHOD_KINDS
        and _key(n.func.value) == key
    }
    return kinds.pop() if len(kinds) == 1 else None


def _defaults(tree: ast.AST) -> Iterator[tuple[ast.expr, ast.AST, list[ast.expr]]]:
    """``(literal, node, values)``: each ``X or LIT`` and ``T = LIT``, with what LIT stands for.

    ``values`` are the expressions whose type the literal takes: ``X`` and the assignment's
    target for ``T = X or LIT``, the target for ``T = LIT``.
    """
    parents = _parents(tree)
    for n in ast.walk(tree):
        if isinstance(n, ast.BoolOp) and isinstance(n.op, ast.Or) and len(n.values) >= 2:
            lit = n.values[-1]
            if literal_kind(lit) is None:
                continue
            values = list(n.values[:-1])
            up = parents.get(id(n))
            if isinstance(up, ast.Assign) and up.value is n:
                values += up.targets
            elif isinstance(up, ast.AnnAssign) and up.value is n:
                values.append(up.target)
            yield lit, n, values
        elif isinstance(n, ast.Assign) and literal_kind(n.value) is not None:
            yield n.value, n, list(n.targets)


def _clashes(tree: ast.AST) -> list[str]:
    """One ``ast.dump`` per introduced-literal site whose type the program contradicts."""
    parents = _parents(tree)
    out: list[str] = []
    for lit, node, values in _defaults(tree):
        kind = literal_kind(lit)
        func = _enclosing(node, parents, _FUNCS)
        cls = _enclosing(node, parents, ast.ClassDef)
        allowed: set[str] = set()
        known = False
        for v in values:
            key = _key(v)
            if key is None:
                continue
            declared = _declared(key, func, cls)
            used = _used_as(key, cls if key.startswith("self.") else func)
            if declared is not None:
                known = True
                allowed = set(declared) if not allowed else allowed & declared
            elif used is not None:
                known = True
                allowed = {used} if not allowed else allowed & {used}
        up = parents.get(id(node))
        if isinstance(up, ast.Return) and isinstance(func, _FUNCS) and func.returns is not None:
            ret = annotation_kinds(func.returns)
            if ret is not None:
                known = True
                allowed = set(ret) if not allowed else allowed & ret
        if known and kind != "None" and kind not in allowed:
            out.append(ast.dump(node))
    return out


def type_clash(cand: Candidate) -> int:
    """How many literals the patch adds whose type the program's own evidence contradicts.

    Counted as the sites of ``X or LIT`` and ``T = LIT`` (``T`` a name or ``self.attr``) whose
    literal kind (:func:`literal_kind`) is not among those allowed by the annotations of ``X``
    or ``T`` (parameter, local, class attribute or dataclass field; the function's return
    annotation for a returned ``X or LIT``) or, without an annotation, by the methods the code
    calls on them (``self.extras.append`` in the class: a list). Sites the original already
    had are not counted. 0 when either source does not parse (the rule says nothing).
    """
    out = 0
    for c in (cand, *cand.also):
        try:
            old, new = ast.parse(c.old_source), ast.parse(c.new_source)
        except (SyntaxError, ValueError):
            return 0
        before = _clashes(old)
        for site in _clashes(new):
            if site in before:
                before.remove(site)
            else:
                out += 1
    return out
