"""Templates whose fix ingredients come from the code around the suspicious line.

The Plastic Surgery Hypothesis (Barr et al., FSE 2014): the code a fix needs is mostly already
in the program. The operator and wrapper templates (:mod:`.templates_expr`,
:mod:`.templates_wrap`) reach one node; these read its neighbours for what to put there:

- ``wrap-or-default``: ``obj.a`` -> ``obj.a or obj.b`` for another attribute ``b`` the code
  reads on the same object (a nickname falling back to the username);
- ``swap-operands``: a whole ``+`` chain of three or more operands reversed (``trail + sep +
  name`` -> ``name + sep + trail``: a path or breadcrumb built from the wrong end);
- ``wrap-len``: ``len(e)`` for a string-valued ``e`` (a call of a function of the file that
  returns only strings, a ``str()`` / ``.join()`` / ``.format()`` call, an f-string) where a
  number is meant: an argument of ``max`` / ``min`` / ``sum`` / ``range``, compared with an
  integer or a ``len()``, added to an integer;
- ``arg-off-by-one``: a name the function treats as an integer (compared with, or defaulting
  to, an integer literal) passed to any call, +-1 (``insert(position, x)`` ->
  ``insert(position - 1, x)`` for a 1-based position);

The statement kinds (a mirrored counter assignment, a push missing on one branch, a duplicated
effect) and the failing tests' expected strings are in :mod:`.templates_context_stmt`.

Each function takes the file index and a node and returns
:class:`~fixloop.repair.templates_ast.Mutation` objects; :func:`context_mutations` drives them
over a statement's header. ``CONTEXT_PRIORS`` holds both modules' hand-set priors.
"""

from __future__ import annotations

import ast

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _int_value, _is_load_name, _mut, _short
from .templates_wrap import arg_plus_minus_one
from .templates_wrappers import _is_value_position

#: hand-set priors of this module's mutations (the learned factors of :mod:`.priors` apply to the
#: shared template names as everywhere)
CONTEXT_PRIORS: dict[str, float] = {
    "wrap-or-default": 0.3,
    "swap-operands": 0.3,
    "wrap-len": 0.35,
    "arg-off-by-one": 0.3,
    "insert-mirror-update": 0.35,
    "insert-branch-push": 0.4,
    "delete-duplicate": 0.5,
    "string-expected": 0.4,
    "guard-expected": 0.35,
}

# ------------------------------------------------------------------------------ or another attribute


def sibling_attributes(fi: FileInfo, node: cst.Attribute, limit: int = 3) -> list[str]:
    """``obj.b`` texts for the other attributes the module reads on ``node``'s object ``obj``.

    ``obj`` must be a plain name; for ``self`` only the enclosing class's attributes count.
    Attributes that are called (methods) are left out; source order, at most ``limit``.
    """
    if not isinstance(node.value, cst.Name):
        return []
    base, own = node.value.value, node.attr.value
    scope: cst.CSTNode = fi.module
    if base == "self":
        func = fi.func_of.get(id(node))
        cls = fi.class_of_func.get(id(func.node)) if func is not None else None
        if cls is None:
            return []
        scope = cls
    out: list[str] = []
    called: set[str] = set()

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name):
                if f.value.value == base:
                    called.add(f.attr.value)

        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name) and n.value.value == base:
                name = n.attr.value
                if name != own and name not in out:
                    out.append(name)

    scope.visit(V())
    return [f"{base}.{a}" for a in out if a not in called][:limit]


def or_attribute_mutations(fi: FileInfo, node: cst.Attribute) -> list[Mutation]:
    """``obj.a`` -> ``obj.a or obj.b`` where a value is read (returned, assigned, passed)."""
    if _is_value_position(fi, node) not in ("return", "assign", "arg"):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    return [
        _mut(
            fi,
            node,
            f"{text} or {alt}",
            "wrap-or-default",
            f"{_short(fi, node)} -> ... or {alt}",
            CONTEXT_PRIORS["wrap-or-default"] * (0.9**k),
        )
        for k, alt in enumerate(sibling_attributes(fi, node))
    ]


# ------------------------------------------------------------------------------ chains


def _chain(node: cst.BaseExpression) -> list[cst.BaseExpression]:
    """The operands of a left-nested ``+`` chain without parentheses inside, in order."""
    if isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.Add):
        left = node.left
        if isinstance(left, cst.BinaryOperation) and isinstance(left.operator, cst.Add):
            if not left.lpar:
                return [*_chain(left), node.right]
        return [left, node.right]
    return [node]


def reversed_chain_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """``a + b + c`` -> ``c + b + a`` (a whole chain of three or more, not all numbers)."""
    if not isinstance(node.operator, cst.Add):
        return []
    parent, _ = fi.parent_of(node)
    if (
        isinstance(parent, cst.BinaryOperation)
        and isinstance(parent.operator, cst.Add)
        and not node.lpar
    ):
        return []  # only the top of a chain
    parts = _chain(node)
    if len(parts) < 3 or all(_int_value(p) is not None for p in parts):
        return []
    texts = [fi.text(p) if p in fi.positions else "" for p in parts]
    if not all(texts) or any("\n" in t for t in texts):
        return []
    new = " + ".join(reversed(texts))
    return [
        _mut(
            fi,
            node,
            new,
            "swap-operands",
            f"reverse {_short(fi, node)}",
            CONTEXT_PRIORS["swap-operands"],
        )
    ]


# ------------------------------------------------------------------------------ len(e)

_STR_METHODS = {
    "join",
    "format",
    "strip",
    "lstrip",
    "rstrip",
    "upper",
    "lower",
    "title",
    "replace",
    "ljust",
    "rjust",
    "center",
    "zfill",
}
_NUMERIC_CALLS = {"max", "min", "sum", "range", "abs", "round"}


def _string_functions(fi: FileInfo) -> set[str]:
    """Functions of the file every ``return`` of which gives a string (cached on ``fi``)."""
    cached = getattr(fi, "_string_functions", None)
    if cached is not None:
        return cached
    out: set[str] = set()
    try:
        tree = ast.parse(fi.source)
    except (SyntaxError, ValueError):
        tree = ast.Module(body=[], type_ignores=[])
    for fn in ast.walk(tree):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        rets = [n for n in ast.walk(fn) if isinstance(n, ast.Return)]
        if rets and all(r.value is not None and _stringish_ast(r.value) for r in rets):
            out.add(fn.name)
    fi._string_functions = out  # type: ignore[attr-defined]
    return out


def _stringish_ast(e: ast.expr) -> bool:
    if isinstance(e, ast.Constant):
        return isinstance(e.value, str)
    if isinstance(e, ast.JoinedStr):
        return True
    if isinstance(e, ast.Call):
        f = e.func
        if isinstance(f, ast.Name):
            return f.id in ("str", "repr", "format")
        return isinstance(f, ast.Attribute) and f.attr in _STR_METHODS
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return _stringish_ast(e.left) or _stringish_ast(e.right)
    return False


def _stringish(fi: FileInfo, node: cst.CSTNode) -> bool:
    if isinstance(node, cst.FormattedString):
        return True
    if isinstance(node, cst.Call):
        name = _callee(node)
        if isinstance(node.func, cst.Name):
            return name in ("str", "repr", "format") or name in _string_functions(fi)
        return name in _STR_METHODS or (
            isinstance(node.func, cst.Attribute)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == "self"
            and name in _string_functions(fi)
        )
    return False


def _numeric_context(fi: FileInfo, node: cst.CSTNode) -> bool:
    """``node`` sits where a number is expected (see the module docstring)."""
    parent, fld = fi.parent_of(node)
    if isinstance(parent, cst.Arg) and parent.keyword is None and not parent.star:
        call, _ = fi.parent_of(parent)
        return (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Name)
            and call.func.value in _NUMERIC_CALLS
        )
    if isinstance(parent, cst.Comparison) and len(parent.comparisons) == 1:
        other = parent.comparisons[0].comparator if fld == "left" else parent.left
        return _int_value(other) is not None or (
            isinstance(other, cst.Call) and _callee(other) == "len"
        )
    if isinstance(parent, cst.ComparisonTarget):
        cmp, _ = fi.parent_of(parent)
        if isinstance(cmp, cst.Comparison) and len(cmp.comparisons) == 1:
            return _int_value(cmp.left) is not None
    if isinstance(parent, cst.BinaryOperation) and isinstance(
        parent.operator, (cst.Add, cst.Subtract)
    ):
        other = parent.right if fld == "left" else parent.left
        return _int_value(other) is not None
    return False


def len_mutations(fi: FileInfo, node: cst.BaseExpression) -> list[Mutation]:
    """``e`` -> ``len(e)`` for a string-valued ``e`` where a number is expected."""
    if not _stringish(fi, node) or not _numeric_context(fi, node):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    return [
        _mut(
            fi,
            node,
            f"len({text})",
            "wrap-len",
            f"{_short(fi, node)} -> len(...)",
            CONTEXT_PRIORS["wrap-len"],
        )
    ]


# ------------------------------------------------------------------------------ n -> n - 1


def _int_names(fi: FileInfo, func: FuncInfo) -> set[str]:
    """Names the function compares with an integer literal or gives an integer default."""
    out: set[str] = set()
    params = func.node.params
    for p in (*params.params, *params.kwonly_params):
        if p.default is not None and _int_value(p.default) is not None:
            out.add(p.name.value)

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            if len(n.comparisons) != 1:
                return
            left, right = n.left, n.comparisons[0].comparator
            if isinstance(left, cst.Name) and _int_value(right) is not None:
                out.add(left.value)
            if isinstance(right, cst.Name) and _int_value(left) is not None:
                out.add(right.value)

    func.node.body.visit(V())
    return out & (set(func.params) | set(func.locals))


_NOT_INDEX_CALLS = {"range", "len", "print", "str", "int", "float", "isinstance", "repr", "abs"}


def int_arg_mutations(fi: FileInfo, node: cst.Call, func: FuncInfo | None) -> list[Mutation]:
    """A name the function treats as an integer, passed to a call, +-1."""
    if func is None:
        return []
    name = _callee(node)
    own = {f.node.name.value for f in fi.funcs.values()}
    if (
        name is None
        or name in _NOT_INDEX_CALLS
        or (isinstance(node.func, cst.Name) and name in own)
    ):
        return []  # a function of the file: templates_wrap.arg_off_by_one_mutations
    ints = _int_names(fi, func)
    out = []
    for a in node.args:
        if a.keyword is not None or a.star or not isinstance(a.value, cst.Name):
            continue
        if a.value.value not in ints or not _is_load_name(fi, a.value):
            continue
        prior = CONTEXT_PRIORS["arg-off-by-one"]
        out += arg_plus_minus_one(fi, a.value, name, (prior, prior * 0.8))
    return out


def context_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """The expression templates of this module over one statement's header (bodies left out)."""
    func = fi.func_info(st.func)
    nodes = list(fi.header_nodes(st))
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if n in fi.positions and fi.line_of(n) == line]
    out: list[Mutation] = []
    for n in nodes:
        if n not in fi.positions:
            continue
        if isinstance(n, cst.Attribute):
            out.extend(guarded(fi, or_attribute_mutations, fi, n))
        elif isinstance(n, cst.BinaryOperation):
            out.extend(guarded(fi, reversed_chain_mutations, fi, n))
        if isinstance(n, cst.Call):
            out.extend(guarded(fi, int_arg_mutations, fi, n, func))
        if isinstance(n, (cst.Call, cst.FormattedString)):
            out.extend(guarded(fi, len_mutations, fi, n))
    return out
