"""Expression templates on calls and shapes: arguments, method names, exceptions, swaps.

PraPR's method-call and argument mutators (Ghanbari et al., ISSTA 2019) and TBar's FP6 (mutate
method invocation / arguments; Liu et al., ISSTA 2019); split out of :mod:`.templates_expr`,
whose :func:`~.templates_expr.expression_mutations` calls them on each node of a statement.
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, bare, code
from .templates_base import PRIORS, _callee, _mut, _short

# same-signature method; without types, the usual confusable pairs of the standard library).
_CONFUSABLE: list[tuple[str, ...]] = [
    ("min", "max"),
    ("any", "all"),
    ("floor", "ceil"),
    ("strip", "lstrip", "rstrip"),
    ("startswith", "endswith"),
    ("append", "extend", "appendleft"),
    ("find", "rfind", "index"),
    ("index", "rindex"),
    ("split", "rsplit", "splitlines"),
    ("partition", "rpartition"),
    ("keys", "values", "items"),
    ("upper", "lower", "title", "capitalize"),
    ("ljust", "rjust", "center"),
    ("remove", "discard", "pop"),
    ("pop", "popleft"),
    ("sorted", "reversed"),
    ("isdigit", "isnumeric", "isalnum", "isalpha", "isdecimal"),
    ("islower", "isupper"),
    ("match", "search", "fullmatch"),
    ("get", "setdefault", "pop"),
    ("add", "update"),
    ("insert", "append"),
    ("str", "repr"),
    ("int", "float", "round"),
    ("copy", "deepcopy"),
    ("heappush", "heappushpop"),
    ("bisect_left", "bisect_right"),
]

# Arguments commonly missing from standard calls: name -> (n positional args now, text to add,
# as keyword?). ``round(x)`` -> ``round(x, 2)`` is the example.
_API_ARGS: dict[str, list[tuple[int, str]]] = {
    "round": [(1, "2"), (1, "1"), (1, "0")],
    "split": [(1, "1")],
    "rsplit": [(1, "1")],
    "replace": [(2, "1")],
    "popitem": [(0, "last=False")],
    "sorted": [(1, "reverse=True")],
    "sort": [(0, "reverse=True")],
    "enumerate": [(1, "1")],
    "get": [(1, "0"), (1, "None")],
    "pop": [(1, "None"), (0, "0")],
    "next": [(1, "None")],
    "getattr": [(2, "None")],
    "range": [(1, "1, @")],  # '@' stands for the existing argument: range(n) -> range(1, n)
    "int": [(1, "0")],
    "dumps": [(1, "sort_keys=True")],
    "move_to_end": [(1, "last=False")],
    "insert": [],
}

_BUILTIN_EXCEPTIONS = ["ValueError", "TypeError", "KeyError", "IndexError"]


_WRAPPERS = {
    "abs",
    "int",
    "float",
    "str",
    "round",
    "sorted",
    "reversed",
    "list",
    "set",
    "tuple",
    "min",
    "max",
    "sum",
    "len",
    "bool",
    "repr",
}


def drop_call_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """A call that should not be there: ``abs(x)`` -> ``x``, ``s.strip().lower()`` -> ``s.strip()``."""
    out = []
    func = node.func
    args = [a for a in node.args if a.keyword is None and not a.star]
    if isinstance(func, cst.Name) and func.value in _WRAPPERS and len(node.args) == len(args) == 1:
        out.append(_mut(fi, node, args[0].value, "drop-call", f"drop the call {func.value}(...)"))
    elif isinstance(func, cst.Attribute) and not node.args:
        target = func.value
        if not (isinstance(target, cst.Name) and target.value in ("self", "cls")):
            out.append(_mut(fi, node, target, "drop-call", f"drop .{func.attr.value}()"))
    return out


# ------------------------------------------------------------------------------ calls


def _with_args(call: cst.Call, args: list[cst.Arg]) -> cst.Call:
    """The call with a new argument list, commas tidied."""
    fixed = []
    for i, a in enumerate(args):
        last = i == len(args) - 1
        if last:
            a = a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        elif a.comma is cst.MaybeSentinel.DEFAULT:
            a = a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        fixed.append(a)
    return call.with_changes(args=fixed)


def _parse_arg(text: str) -> cst.Arg:
    m = re.fullmatch(r"(\w+)=(.+)", text)
    if m:
        return cst.Arg(
            value=cst.parse_expression(m.group(2)),
            keyword=cst.Name(m.group(1)),
            equal=cst.AssignEqual(
                whitespace_before=cst.SimpleWhitespace(""),
                whitespace_after=cst.SimpleWhitespace(""),
            ),
        )
    return cst.Arg(value=cst.parse_expression(text))


def call_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """Arguments swapped, dropped, added (known APIs, sibling calls); method name confusions."""
    out: list[Mutation] = []
    args = list(node.args)
    name = _callee(node)
    positional = [i for i, a in enumerate(args) if a.keyword is None and not a.star]
    # swap two positional arguments
    pairs = [(i, j) for k, i in enumerate(positional) for j in positional[k + 1 :]]
    for i, j in pairs[:6]:
        a, b = args[i].value, args[j].value
        sa, ea = fi.span(a)
        sb, eb = fi.span(b)
        ta, tb = fi.source[sa:ea], fi.source[sb:eb]
        if ta == tb:
            continue
        out.append(
            Mutation(
                (Edit(sa, ea, tb), Edit(sb, eb, ta)),
                "call-swap-args",
                f"swap arguments {ta} and {tb} of {name}()",
                fi.line_of(node),
                PRIORS["call-swap-args"],
            )
        )
    # add an argument a known API often needs
    n_pos = len(positional)
    kws = {a.keyword.value for a in args if a.keyword is not None}
    for n, text in _API_ARGS.get(name or "", []):
        if n != n_pos or any(a.star for a in args):
            continue
        if "@" in text:
            if n != 1:
                continue
            new_first = cst.parse_expression(text.split(",")[0])
            new_args = [cst.Arg(value=new_first)] + args
        else:
            arg = _parse_arg(text)
            if arg.keyword is not None and arg.keyword.value in kws:
                continue
            if arg.keyword is None and kws:
                continue
            new_args = args + [arg]
        new = _with_args(node, new_args)
        out.append(_mut(fi, node, new, "call-add-arg", f"{name}(...) gets argument {text}"))
    # copy the extra arguments another call of the same name in this file passes
    seen_texts: set[str] = set()
    for other in fi.calls:
        if other is node or _callee(other) != name or len(other.args) <= len(args):
            continue
        extra = list(other.args[len(args) :])
        if any(a.star for a in extra):
            continue
        new = _with_args(
            node, args + [a.with_changes(comma=cst.MaybeSentinel.DEFAULT) for a in extra]
        )
        t = code(bare(new))
        if t in seen_texts:
            continue
        seen_texts.add(t)
        out.append(
            _mut(
                fi,
                node,
                new,
                "call-copy-args",
                f"{name}(...) gets the extra arguments of {_short(fi, other)}",
            )
        )
        if len(seen_texts) >= 3:
            break
    # drop one argument
    for i in range(len(args)):
        if args[i].star:
            continue
        new = _with_args(node, args[:i] + args[i + 1 :])
        out.append(
            _mut(fi, node, new, "call-drop-arg", f"drop argument {_short(fi, args[i])} of {name}()")
        )
    out.extend(_method_name_mutations(fi, node, name))
    out.extend(drop_call_mutations(fi, node))
    return out


def _method_name_mutations(fi: FileInfo, node: cst.Call, name: str | None) -> list[Mutation]:
    if name is None:
        return []
    func = node.func
    name_node = func.attr if isinstance(func, cst.Attribute) else func
    alternatives: list[str] = []
    for group in _CONFUSABLE:
        if name in group:
            alternatives.extend(n for n in group if n != name and n not in alternatives)
    if isinstance(func, cst.Attribute):
        receiver = fi.text(func.value)
        for other in fi.calls:
            o = other.func
            if isinstance(o, cst.Attribute) and fi.text(o.value) == receiver:
                m = o.attr.value
                if m != name and m not in alternatives:
                    alternatives.append(m)
    s, e = fi.span(name_node)
    out = []
    for alt in alternatives[:5]:
        out.append(
            Mutation(
                (Edit(s, e, alt),),
                "method-name",
                f"{name}() -> {alt}()",
                fi.line_of(node),
                PRIORS["method-name"],
            )
        )
    return out


def exception_mutations(fi: FileInfo, node: cst.CSTNode) -> list[Mutation]:
    """The exception class raised or caught replaced by another one of the file or builtins."""
    if isinstance(node, cst.Raise) and node.exc is not None:
        target = node.exc.func if isinstance(node.exc, cst.Call) else node.exc
    elif isinstance(node, cst.ExceptHandler) and node.type is not None:
        target = node.type
    else:
        return []
    if not isinstance(target, cst.Name):
        return []
    out: list[Mutation] = []
    for alt in [n for n in fi.exc_names + _BUILTIN_EXCEPTIONS if n != target.value][:4]:
        if any(m.description.endswith(f"-> {alt}") for m in out):
            continue
        out.append(_mut(fi, target, alt, "exception-type", f"{target.value} -> {alt}"))
    return out


def swap_element_mutations(fi: FileInfo, node: cst.Tuple) -> list[Mutation]:
    """Swap two elements of a short tuple (values or unpacking targets)."""
    elems = [e for e in node.elements if isinstance(e, cst.Element)]
    if len(elems) != len(node.elements) or not 2 <= len(elems) <= 4:
        return []
    out = []
    for i in range(len(elems)):
        for j in range(i + 1, len(elems)):
            a, b = elems[i].value, elems[j].value
            ta, tb = fi.text(a), fi.text(b)
            if ta == tb:
                continue
            sa, ea = fi.span(a)
            sb, eb = fi.span(b)
            out.append(
                Mutation(
                    (Edit(sa, ea, tb), Edit(sb, eb, ta)),
                    "swap-elements",
                    f"swap {ta} and {tb} in {_short(fi, node)}",
                    fi.line_of(node),
                    PRIORS["swap-elements"],
                )
            )
    return out[:4]


def swap_param_mutations(fi: FileInfo, node: cst.FunctionDef) -> list[Mutation]:
    """Swap the names of two positional parameters of a function definition."""
    params = [p for p in node.params.params if p.name.value not in ("self", "cls")]
    params = [p for p in params if p.default is None]
    out = []
    for i in range(len(params)):
        for j in range(i + 1, len(params)):
            a, b = params[i].name, params[j].name
            sa, ea = fi.span(a)
            sb, eb = fi.span(b)
            out.append(
                Mutation(
                    (Edit(sa, ea, b.value), Edit(sb, eb, a.value)),
                    "swap-params",
                    f"swap parameters {a.value} and {b.value} of {node.name.value}()",
                    fi.line_of(node),
                    PRIORS["swap-params"],
                )
            )
    return out[:3]
