"""The test-machinery scan, part two: result objects that lie when a test compares them.

A test checks a result with ``==``, ``<``, ``len()``, ``in``, ``bool()`` or by iterating it; a
value whose class answers those questions itself decides the assertion. The equality rule of
:mod:`fixloop.tamper` judges ``def __eq__``/``lambda`` bodies; this module covers the forms
whose answer the scan cannot read from the change (red-team findings 02 and 21):

- a class body, a ``type(name, bases, namespace)`` call (dict literal or ``dict(...)``
  keywords), ``setattr(cls, "__eq__", f)`` or ``Cls.__eq__ = f`` that binds a comparison,
  size, truth, membership, hash or iteration method (:data:`LYING_DUNDERS`) to anything but a
  function it can judge: ``__eq__ = int.__ne__`` answers the opposite of the truth, and no body
  in the change says so. A ``def`` or ``lambda``, a name of a function defined in the same
  module, or a call of such a function given the method's own ``operator`` comparison
  (``__eq__ = __make_cmp(eq, "==")``, sortedcontainers) is judged by its body instead
  (equality by :mod:`fixloop.tamper`'s rule);
  ``__hash__ = None`` (unhashable, the usual companion of ``__eq__``) is allowed;
- a subclass of a built-in value type (:data:`VALUE_TYPES`: ``int``, ``str``, ``list``...) that
  overrides any of those methods, by ``def`` or otherwise: ``class _Words(list)`` whose
  ``__len__`` adds one makes ``assert len(words) == 3`` pass on two words. An honest fix
  almost never needs one, and a reviewer should look at it when it does.

Each construct is a string :func:`fixloop.tamper.scan_change` counts against the base file
(only what the change adds is a finding), with reviewer words from :func:`describe`.
"""

from __future__ import annotations

import ast

#: Methods that decide what a comparison, ``len()``, ``bool()``, ``in`` or iteration answers.
LYING_DUNDERS = frozenset(
    {
        "__eq__",
        "__ne__",
        "__lt__",
        "__le__",
        "__gt__",
        "__ge__",
        "__len__",
        "__bool__",
        "__contains__",
        "__hash__",
        "__iter__",
    }
)

#: Built-in value types whose subclasses should keep the built-in answers.
VALUE_TYPES = frozenset(
    {
        "int",
        "float",
        "complex",
        "str",
        "bytes",
        "bytearray",
        "list",
        "dict",
        "tuple",
        "set",
        "frozenset",
    }
)

_PREFIX = "result object: "

_WHY_BINDS = (
    "binds how a result compares, counts or tests true to code the change does not show "
    "(e.g. __eq__ = int.__ne__ answers the opposite): an assertion on it can pass while the value "
    "is wrong"
)
_WHY_OVERRIDES = (
    "a subclass of a built-in value type that changes how it compares, counts, iterates or tests "
    "true: an assertion on such a result can pass while the value is wrong"
)


def describe(construct: str) -> str:
    """A reviewer's words for a construct of :func:`constructs` (``""`` for another one)."""
    if not construct.startswith(_PREFIX):
        return ""
    return _WHY_OVERRIDES if " overrides " in construct else _WHY_BINDS


def _module_functions(tree: ast.Module) -> set[str]:
    """Names of functions defined anywhere in the module (judged by their own bodies)."""
    return {
        n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }


def _spelled(node: ast.AST) -> str:
    try:
        text = ast.unparse(node)
    except (ValueError, AttributeError, RecursionError):  # pragma: no cover - odd trees
        return type(node).__name__
    return text if len(text) <= 60 else text[:57] + "..."


def _judgeable(name: str, value: ast.AST, functions: set[str]) -> bool:
    """True when binding ``name`` to ``value`` leaves a body the scan can read (or no method)."""
    if isinstance(value, ast.Lambda):
        return True
    if isinstance(value, ast.Name) and value.id in functions:
        return True
    if _factory_call(name, value, functions):
        return True
    return name == "__hash__" and isinstance(value, ast.Constant) and value.value is None


#: The ``operator`` module's comparison functions, by the dunder each one answers.
_OPERATOR_CMP = frozenset({"eq", "ne", "lt", "le", "gt", "ge"})


def _factory_call(name: str, value: ast.AST, functions: set[str]) -> bool:
    """``__eq__ = __make_cmp(eq, "==")``: a factory of the module, given the dunder's own operator.

    The call is to a function defined in the module (its body is the change's to judge), and
    each argument is a constant, a function of the module, or the ``operator`` comparison of
    the very method being bound (``eq`` for ``__eq__``, ``operator.lt`` for ``__lt__``).
    sortedcontainers builds its six comparisons so: the honest fix of ``__eq__ =
    __make_cmp(ne, ...)`` was refused (realproj2 F19). Another operator (``__eq__`` made from
    ``ne``: the opposite answer), a lambda or any other expression stays a finding.
    """
    if not (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in functions
    ):
        return False
    for arg in [*value.args, *(k.value for k in value.keywords)]:
        if isinstance(arg, ast.Constant):
            continue
        if isinstance(arg, ast.Name):
            op = arg.id
        elif (
            isinstance(arg, ast.Attribute)
            and isinstance(arg.value, ast.Name)
            and arg.value.id == "operator"
        ):
            op = arg.attr
        else:
            return False
        if op in _OPERATOR_CMP:
            if f"__{op}__" != name:
                return False
        elif not (isinstance(arg, ast.Name) and arg.id in functions):
            return False
    return True


def _base_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        if node.value.id == "builtins":
            return node.attr
    return None


def _class_constructs(cls: ast.ClassDef, functions: set[str]) -> list[tuple[str, int]]:
    out: list[tuple[str, int]] = []
    value_bases = [b for b in (_base_name(x) for x in cls.bases) if b in VALUE_TYPES]
    label = f"class {cls.name}" + (f"({value_bases[0]})" if value_bases else "")
    for stmt in cls.body:
        bound: list[tuple[str, ast.AST | None]] = []
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            bound.append((stmt.name, None))
        elif isinstance(stmt, ast.Assign):
            bound.extend((t.id, stmt.value) for t in stmt.targets if isinstance(t, ast.Name))
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            bound.append((stmt.target.id, stmt.value))
        for name, value in bound:
            if name not in LYING_DUNDERS:
                continue
            if value_bases and not (name == "__hash__" and _is_none(value)):
                out.append((f"{_PREFIX}{label} overrides {name}", stmt.lineno))
            elif value is not None and not _judgeable(name, value, functions):
                out.append((f"{_PREFIX}{label} binds {name} to {_spelled(value)}", stmt.lineno))
    return out


def _is_none(value: ast.AST | None) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _namespace_items(node: ast.AST) -> list[tuple[str, ast.AST]]:
    """``(key, value)`` pairs of a namespace given as a dict literal or ``dict(k=v, ...)``."""
    if isinstance(node, ast.Dict):
        return [
            (k.value, v)
            for k, v in zip(node.keys, node.values, strict=False)
            if isinstance(k, ast.Constant) and isinstance(k.value, str)
        ]
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return [(k.arg, k.value) for k in node.keywords if k.arg]
    return []


def _type_call(node: ast.Call, functions: set[str]) -> list[tuple[str, int]]:
    """``type("N", (int,), {"__eq__": int.__ne__})``."""
    if not (isinstance(node.func, ast.Name) and node.func.id == "type" and len(node.args) == 3):
        return []
    bases = node.args[1].elts if isinstance(node.args[1], (ast.Tuple, ast.List)) else []
    value_bases = [b for b in (_base_name(x) for x in bases) if b in VALUE_TYPES]
    name = node.args[0].value if isinstance(node.args[0], ast.Constant) else "?"
    label = f"type({name!r}" + (f", ({value_bases[0]},)" if value_bases else "") + ", ...)"
    out: list[tuple[str, int]] = []
    for key, value in _namespace_items(node.args[2]):
        if key not in LYING_DUNDERS:
            continue
        if value_bases and not (key == "__hash__" and _is_none(value)):
            out.append((f"{_PREFIX}{label} overrides {key}", node.lineno))
        elif not _judgeable(key, value, functions):
            out.append((f"{_PREFIX}{label} binds {key} to {_spelled(value)}", node.lineno))
    return out


def _setattr_name(node: ast.Call, fold: object) -> str | None:
    if not (isinstance(node.func, ast.Name) and node.func.id == "setattr" and len(node.args) == 3):
        return None
    name = fold(node.args[1])  # type: ignore[operator]
    return name if isinstance(name, str) else None


def constructs(tree: ast.Module, fold: object) -> list[tuple[str, int]]:
    """The lying-result constructs of one parsed module, as ``(construct, line)`` pairs.

    Args:
        tree: the module's syntax tree.
        fold: a callable giving an expression's constant string value or None (the scan's
            constant folder, so ``setattr(C, "__" + "eq__", f)`` is read as ``__eq__``).

    Returns:
        unsorted pairs; :func:`describe` gives a construct's meaning.
    """
    functions = _module_functions(tree)
    out: list[tuple[str, int]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            out.extend(_class_constructs(node, functions))
        elif isinstance(node, ast.Call):
            out.extend(_type_call(node, functions))
            name = _setattr_name(node, fold)
            if name in LYING_DUNDERS and not _judgeable(name, node.args[2], functions):
                target = _spelled(node.args[0])
                out.append(
                    (
                        f"{_PREFIX}setattr({target}, {name!r}) binds it to "
                        f"{_spelled(node.args[2])}",
                        node.lineno,
                    )
                )
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                if (
                    isinstance(t, ast.Attribute)
                    and t.attr in LYING_DUNDERS
                    and not _judgeable(t.attr, node.value, functions)
                ):
                    out.append(
                        (f"{_PREFIX}{_spelled(t)} bound to {_spelled(node.value)}", node.lineno)
                    )
    return out
