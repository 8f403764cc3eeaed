"""Extra inputs for a function, made from the tests' own calls of it, varied (for :mod:`.agree`).

Each call of the function in a test file gives an input: its arguments, positional and keyword.
An argument that is a literal (``3``, ``"WEB-007: fix login"``, ``[5.0, 5.0]``) is varied one at
a time (integers +-1, doubled, zero, negated; floats doubled, negated, zero; strings emptied,
extended, upper-cased, prefixed, cut, one digit changed; sequences emptied, reversed, extended,
one of their first elements varied; booleans negated). An argument that is an expression over the test module's own top-level names
(``LOG``, ``Dimension("bore", 12.0, 0.02)``, ``BANDS[0]``) is kept as it is and evaluated, in the
probe, in the namespace of the test module (imported fresh, with the patch applied); one naming a
test function's local variable or a fixture cannot be evaluated there and is left out.

An input is a text: ``repr((args, kwargs))`` when every argument is a literal, else
``"@"``, the test file's relative path, a newline and the expression text of the ``(args,
kwargs)`` tuple (:mod:`.agree_probe` reads both). Standard library only.
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path
from typing import Any

from fixloop.workspace import is_test_file

MAX_INPUTS = 40
#: elements of a sequence literal varied one at a time (the first ones)
ELEMENTS = 2
#: calls whose varied inputs are made (the tests' own inputs are all kept, up to MAX_INPUTS)
MAX_CALLS = 10
#: syntax an argument expression may use to be evaluated in the test module's namespace
_PLAIN = (
    ast.Name,
    ast.Attribute,
    ast.Constant,
    ast.List,
    ast.Tuple,
    ast.Dict,
    ast.Set,
    ast.UnaryOp,
    ast.BinOp,
    ast.Call,
    ast.keyword,
    ast.Subscript,
    ast.Slice,
    ast.operator,
    ast.unaryop,
    ast.expr_context,
)


def vary(value: Any) -> list[Any]:
    """Values near a literal ``value`` (see the module docstring); empty for other types."""
    if isinstance(value, bool):
        return [not value]
    if isinstance(value, int):
        return [value + 1, value - 1, 0, -value, value * 2]
    if isinstance(value, float):
        return [value * 2, -value, 0.0]
    if isinstance(value, str):
        out = ["", value + value[:1], value.upper(), "x" + value, value[1:]]
        digits = [i for i, ch in enumerate(value) if ch.isdigit()]
        if digits:  # one digit changed (a checksum, a number inside a text)
            k = digits[-1]
            out.append(value[:k] + str((int(value[k]) + 1) % 10) + value[k + 1 :])
        return out
    if isinstance(value, (list, tuple)):
        kind = type(value)
        seqs: list[Any] = [kind(), kind(reversed(value)), kind(list(value) + list(value[:1]))]
        for i, item in enumerate(list(value)[:ELEMENTS]):  # one element varied
            if isinstance(item, (str, int, float)):
                seqs.extend(kind([*value[:i], w, *value[i + 1 :]]) for w in vary(item))
        return seqs
    return []


def _module_names(tree: ast.Module) -> set[str]:
    """Names a module binds at its top level (assignments, imports, definitions)."""
    names: set[str] = set()
    for stmt in tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in stmt.names)
        elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(stmt.name)
        elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for t in targets:
                names.update(n.id for n in ast.walk(t) if isinstance(n, ast.Name))
    return names


#: an argument: ``(True, value)`` for a literal, ``(False, expression text)`` otherwise
Arg = tuple[bool, Any]


def _arg(node: ast.expr, bound: set[str]) -> Arg | None:
    try:
        return (True, ast.literal_eval(node))
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        pass
    if not all(isinstance(n, _PLAIN) for n in ast.walk(node)):
        return None
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    if not names <= bound | set(dir(builtins)):
        return None  # a local variable or a fixture of the test function
    return (False, ast.unparse(node))


def _text(args: list[Arg], kwargs: dict[str, Arg], test: str) -> str | None:
    if all(a[0] for a in (*args, *kwargs.values())):
        text = repr((tuple(a[1] for a in args), {k: v[1] for k, v in kwargs.items()}))
        try:
            ast.literal_eval(text)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return None  # a literal without a repr that reads back (a float('nan'), a set())
        return text

    def one(a: Arg) -> str:
        return repr(a[1]) if a[0] else str(a[1])

    parts = ", ".join(one(a) for a in args) + ("," if len(args) == 1 else "")
    named = ", ".join(f"{k!r}: {one(v)}" for k, v in kwargs.items())
    return f"@{test}\n(({parts}), {{{named}}})"


def extra_inputs(root: Path, func: str) -> list[str]:
    """Inputs for ``func`` from the tests' calls of it, varied first, the tests' own last.

    Args:
        root: the work tree (test files are found with :func:`fixloop.workspace.is_test_file`).
        func: the function's name (calls ``func(...)`` and ``x.func(...)`` count).

    Returns:
        at most ``MAX_INPUTS`` input texts (the module docstring's format).
    """
    calls: list[tuple[list[Arg], dict[str, Arg], str]] = []
    for p in sorted(root.rglob("*.py")):
        rel = p.relative_to(root).as_posix()
        if not is_test_file(rel) or "/." in f"/{rel}":
            continue
        try:
            tree = ast.parse(p.read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        bound = _module_names(tree)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = (
                f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            )
            if name != func or any(isinstance(a, ast.Starred) for a in node.args):
                continue
            if any(k.arg is None for k in node.keywords):
                continue
            got = [_arg(a, bound) for a in node.args]
            named = {str(k.arg): _arg(k.value, bound) for k in node.keywords}
            args = [a for a in got if a is not None]
            kwargs = {k: v for k, v in named.items() if v is not None}
            if len(args) != len(got) or len(kwargs) != len(named):
                continue
            call = (args, kwargs, rel)
            if call not in calls:
                calls.append(call)
    out: list[str] = []

    def add(text: str | None) -> None:
        if text is not None and text not in out:
            out.append(text)

    for args, kwargs, rel in calls[:MAX_CALLS]:
        for i, (lit, v) in enumerate(args):
            for w in vary(v) if lit else []:
                add(_text([*args[:i], (True, w), *args[i + 1 :]], kwargs, rel))
        for k, (lit, v) in kwargs.items():
            for w in vary(v) if lit else []:
                add(_text(args, {**kwargs, k: (True, w)}, rel))
    for args, kwargs, rel in calls:  # the tests' own inputs last (they all pass them already)
        add(_text(args, kwargs, rel))
    return out[:MAX_INPUTS]
