"""Real-history templates on calls: a keyword argument missing, an argument given to the wrong call.

Split out of :mod:`.templates_names` (which runs them, :func:`~.templates_names.name_mutations`):
``call-add-keyword`` reads a same-file callee's signature with :mod:`ast`; ``call-move-arg``
moves an argument between a call and the call nested in it. Source of the kinds: Madeiral et
al., "Dissection of a bug dataset: anatomy of 395 patches from Defects4J", SANER 2019 (missing
arguments) and issue 19's real-history bugs.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

import libcst as cst

from .templates_ast import FileInfo, Mutation, bare, code
from .templates_scope import _BUILTINS, NAME_PRIORS, _class_of, _mutation, _Scope, _visible

# ------------------------------------------------------------------------------ calls


def _callee_def(
    sc: _Scope, call: cst.Call, line: int
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool] | None:
    """The called function's definition in this file and whether its first parameter is bound."""
    f = call.func
    if isinstance(f, cst.Name):
        if f.value in sc.funcs:
            return sc.funcs[f.value], False
        cls = sc.classes.get(f.value)
        if cls is not None:
            for n in cls.body:
                if isinstance(n, ast.FunctionDef) and n.name == "__init__":
                    return n, True
        return None
    if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name):
        owner = f.value.value
        cls = _class_of(sc, line) if owner in ("self", "cls") else sc.classes.get(owner)
        if cls is None:
            return None
        for n in cls.body:
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == f.attr.value:
                static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in n.decorator_list
                )
                return n, not static and owner in ("self", "cls")
    return None


def _keyword_arg(name: str, value: str) -> cst.Arg:
    return cst.Arg(
        value=cst.parse_expression(value),
        keyword=cst.Name(name),
        equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        ),
    )


def _with_args(call: cst.Call, args: Sequence[cst.Arg]) -> cst.Call:
    """The call with a new argument list, commas tidied."""
    fixed = []
    for i, a in enumerate(args):
        if i == len(args) - 1:
            a = a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        elif a.comma is cst.MaybeSentinel.DEFAULT:
            a = a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        fixed.append(a)
    return call.with_changes(args=fixed)


def keyword_mutations(fi: FileInfo, node: cst.Call, sc: _Scope) -> list[Mutation]:
    """A keyword argument the callee (a function of this file) takes, added to the call."""
    line = fi.line_of(node)
    got = _callee_def(sc, node, line)
    if got is None or any(a.star for a in node.args):
        return []
    fn, bound = got
    a = fn.args
    positional = [*a.posonlyargs, *a.args][1 if bound else 0 :]
    n_pos = sum(1 for x in node.args if x.keyword is None)
    given = {x.keyword.value for x in node.args if x.keyword is not None}
    defaults: dict[str, ast.expr | None] = {}
    pos_defaults = [None] * (len([*a.posonlyargs, *a.args]) - len(a.defaults)) + list(a.defaults)
    for prm, d in list(zip([*a.posonlyargs, *a.args], pos_defaults, strict=True))[
        1 if bound else 0 :
    ]:
        if prm in a.posonlyargs:
            continue
        defaults[prm.arg] = d
    for prm, d in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        defaults[prm.arg] = d
    taken = {x.arg for x in positional[:n_pos]} | given
    _, own = _visible(sc, line)
    visible = set(own) | sc.module  # a same-named variable: the caller's own or the module's
    name = code(node.func)
    out: list[Mutation] = []
    for p, d in defaults.items():
        if p in taken:
            continue
        values: list[tuple[str, float]] = []
        if isinstance(d, ast.Constant) and isinstance(d.value, bool):
            values.append((str(not d.value), 1.0))
        if p in visible and p not in _BUILTINS:
            values.append((p, 1.2 if d is None or p in {x.arg for x in a.kwonlyargs} else 1.0))
        for value, w in values:
            new = _with_args(node, [*node.args, _keyword_arg(p, value)])
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-add-keyword",
                    f"{name}(...) gets {p}={value}",
                    NAME_PRIORS["call-add-keyword"] * w,
                )
            )
    return out


def nested_arg_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """An argument moved between a call and the call nested as one of its arguments."""
    out: list[Mutation] = []
    args = list(node.args)
    if any(x.star for x in args):
        return []
    name = code(node.func)
    for i, arg in enumerate(args):
        inner = arg.value
        if not isinstance(inner, cst.Call) or arg.keyword is not None:
            continue
        in_args = list(inner.args)
        if any(x.star for x in in_args):
            continue
        inner_name = code(inner.func)
        # the inner call's last argument belongs to the outer call
        if len(in_args) >= 2 or (in_args and len(args) > 1):
            last = in_args[-1]
            moved = _with_args(inner, in_args[:-1])
            new_args = [*args[:i], arg.with_changes(value=moved)]
            rest = args[i + 1 :]
            if last.keyword is None:
                new_args = [*new_args, last, *rest]
            else:
                new_args = [*new_args, *rest, last]
            new = _with_args(node, new_args)
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-move-arg",
                    f"{code(last.value)} moved from {inner_name}() to {name}()",
                    NAME_PRIORS["call-move-arg"],
                )
            )
        # an outer argument after the inner call belongs to the inner call
        for j in range(i + 1, len(args)):
            other = args[j]
            if other.keyword is None:
                if j != i + 1 or any(x.keyword is not None for x in in_args):
                    continue
            grown = _with_args(inner, [*in_args, other])
            new_args = [*args[:i], arg.with_changes(value=grown), *args[i + 1 : j], *args[j + 1 :]]
            new = _with_args(node, new_args)
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-move-arg",
                    f"{code(other.value) if other.keyword is None else code(other).rstrip(', ')} "
                    f"moved from {name}() to {inner_name}()",
                    NAME_PRIORS["call-move-arg"],
                )
            )
    return out
