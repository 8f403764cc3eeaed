"""Wrappers and literals the program's own text vouches for, in whatever position the value sits.

The wrappers of :mod:`.templates_wrappers` fire on the shape of the value (a difference gets
``abs``, a sum ``max(0, ...)``); the held-out suites put the same kinds where the value has no
telling shape (a plain parameter added to a total, a lookup in a ``lambda`` key, a ``.get`` in a
dict comprehension). There the evidence is elsewhere in the program, and these templates read it
(the "plastic surgery" hypothesis: the fix's ingredients are in the program already, Barr et
al., FSE 2014; the fix patterns are TBar's "wrap with method call" and "mutate literal", Liu et
al., ISSTA 2019, and PraPR's method-call and literal mutators, Ghanbari et al., ISSTA 2019):

- ``wrap-mirror``: ``W(e)`` where the program applies the builtin ``W`` (``abs``, ``len``,
  ``str``, ``round``, ``sorted``, ...) to the same value elsewhere (same text, any subscript
  index: ``len(self.slots[start])`` vouches for ``len(self.slots[s])``), its other arguments
  copied when they are literals (``round(e, 2)``, ``max(0, e)``); nearest first (same function,
  then class, then module);
- ``wrap-or-default`` (documented): ``e or C`` for a value that may be ``None`` (a one-argument
  ``.get``, a parameter defaulting to ``None``, an optional field) where ``C`` is a module
  constant the enclosing function's or class's docstring names ("the diet given, else
  STANDARD");
- ``wrap-min-cap`` (by a method): ``min(e, self.m(args))`` for a count in a method where a
  method of the same class returns an ``int`` and its parameters are all names in scope, when
  the docstring caps the count ("up to", "as many as ... allows") or the method's name says it
  is a bound (``possible``, ``available``, ``remaining``);
- ``string-documented``: a string literal a function returns or stores replaced by one the
  module compares that function's result with (``self.status(c) == "free"``) or the function's
  docstring quotes (``... or "free"``).

Each works on any value position of :func:`~.templates_positions.value_position` (return, lambda
body, assignment and augmented assignment, argument, keyword argument, f-string field, element of
a display or a comprehension, operand) and on a slice bound.
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, FuncInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _is_load_name, _mut, _short
from .templates_positions import (
    class_fields,
    enclosing_funcs,
    header_nodes_on,
    method_class,
    scope_params,
    value_position,
)

EVIDENCE_PRIORS = {
    "wrap-mirror": 0.45,
    "wrap-or-default": 0.4,
    "wrap-min-cap": 0.35,
    "string-documented": 0.4,
    "wrap-not": 0.35,
    "arg-off-by-one": 0.45,
}

#: builtins whose application to a value elsewhere vouches for the same wrapper here
MIRRORED = frozenset(
    {"abs", "len", "str", "int", "float", "round", "sorted", "bool", "list", "set", "tuple", "repr"}
    | {"min", "max"}
)
#: the wrappers whose result a position can take: a loop walks a collection, a slice bound is
#: a number (any wrapper fits elsewhere)
_FITS = {
    "iter": frozenset({"sorted", "list", "set", "tuple"}),
    "slice": frozenset({"len", "int", "round", "abs", "min", "max"}),
}
_PLAIN = (cst.Name, cst.Attribute, cst.Subscript, cst.Call)
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString)


def _key(node: cst.CSTNode) -> str:
    """The text of a value with every subscript's index abstracted (``self.slots[_]``)."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_key(node.value)}.{node.attr.value}"
    if isinstance(node, cst.Subscript):
        return f"{_key(node.value)}[_]"
    if isinstance(node, cst.Call):
        args = ",".join(_key(a.value) for a in node.args)
        return f"{_key(node.func)}({args})"
    return "".join(cst.Module([]).code_for_node(node).split())


def _literal(node: cst.BaseExpression) -> bool:
    if isinstance(node, _LITERALS):
        return True
    if isinstance(node, cst.Name):
        return node.value in ("None", "True", "False")
    return isinstance(node, cst.UnaryOperation) and isinstance(node.expression, _LITERALS)


def _mirror_index(fi: FileInfo) -> dict[str, list[tuple[str, int, tuple[str, ...], cst.Call]]]:
    """``key -> [(callee, argument index, argument texts, call)]`` of the module's wrapper calls.

    A call counts when its callee is in :data:`MIRRORED`, exactly one positional argument is a
    plain value (name, attribute, subscript, call) and every other argument is a literal
    (``round(x, 2)``, ``max(0, x)``, ``sorted(x, reverse=True)``).
    """
    got = fi.memo.get("wrap-mirror")
    if isinstance(got, dict):
        return got
    out: dict[str, list[tuple[str, int, tuple[str, ...], cst.Call]]] = {}
    for call in fi.calls:
        name = _callee(call) if isinstance(call.func, cst.Name) else ""
        if name not in MIRRORED or call not in fi.positions:
            continue
        plain = [
            k
            for k, a in enumerate(call.args)
            if a.keyword is None and not a.star and isinstance(a.value, _PLAIN)
        ]
        if len(plain) != 1 or any(
            a.star or not _literal(a.value) for k, a in enumerate(call.args) if k != plain[0]
        ):
            continue
        texts = tuple(cst.Module([]).code_for_node(a).strip().rstrip(",") for a in call.args)
        out.setdefault(_key(call.args[plain[0]].value), []).append((name, plain[0], texts, call))
    fi.memo["wrap-mirror"] = out
    return out


#: the type a wrapper's result has (``min`` / ``max``: their arguments')
_RESULT = {
    "len": {"int", "float"},
    "int": {"int", "float"},
    "round": {"int", "float"},
    "abs": {"int", "float"},
    "float": {"float"},
    "str": {"str"},
    "repr": {"str"},
    "bool": {"bool"},
    "sorted": {"list"},
    "list": {"list"},
    "set": {"set"},
    "tuple": {"tuple"},
}
_KNOWN = frozenset({"int", "float", "str", "bool", "list", "set", "tuple", "dict"})


def _returns_fit(fi: FileInfo, node: cst.CSTNode, func: FuncInfo, wrapper: str) -> bool:
    """Whether a returned ``wrapper(...)`` fits the function's annotated return type.

    ``return waves`` in a function annotated ``-> list[Wave]`` never becomes ``len(waves)``; an
    annotation of another kind (a class, ``Iterable``), none, or a lambda's body: it fits.
    """
    parent, _ = fi.parent_of(node)
    ann = func.node.returns
    if isinstance(parent, cst.Lambda) or ann is None or wrapper not in _RESULT:
        return True
    text = cst.Module([]).code_for_node(ann.annotation).replace(" ", "")
    heads = {re.split(r"\[", part, maxsplit=1)[0].lower() for part in text.split("|")}
    heads.discard("none")
    if not heads or not heads <= _KNOWN:
        return True
    return bool(heads & _RESULT[wrapper])


def _wrapped_by(fi: FileInfo, node: cst.CSTNode) -> str:
    """The callee's name when ``node`` is an argument of a call to a plain name, else ``""``."""
    parent, _ = fi.parent_of(node)
    if not isinstance(parent, cst.Arg):
        return ""
    call, _ = fi.parent_of(parent)
    if isinstance(call, cst.Call) and isinstance(call.func, cst.Name):
        return call.func.value
    return ""


def _where(fi: FileInfo, node: cst.CSTNode) -> str:
    """:func:`~.templates_positions.value_position`, or ``"slice"`` for a slice bound."""
    where = value_position(fi, node)
    if where:
        return where
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Slice) and node in (parent.lower, parent.upper):
        return "slice"
    return ""


def mirror_mutations(fi: FileInfo, node: cst.BaseExpression, func: FuncInfo) -> list[Mutation]:
    """``W(node)`` for the wrappers ``W`` the program applies to the same value elsewhere."""
    where = _where(fi, node)
    if not isinstance(node, _PLAIN) or not where:
        return []
    if isinstance(node, cst.Name) and not _is_load_name(fi, node):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    own = _wrapped_by(fi, node)
    cls = method_class(fi, func)
    found: dict[str, float] = {}
    for name, k, texts, call in _mirror_index(fi).get(_key(node), []):
        if name == own or call is node or name not in _FITS.get(where, MIRRORED):
            continue
        if where == "return" and not _returns_fit(fi, node, func, name):
            continue
        at = fi.func_of.get(id(call))
        if at is not None and at.node is func.node:
            weight = 1.0
        elif cls is not None and at is not None and fi.class_of_func.get(id(at.node)) is cls:
            weight = 0.9
        else:
            weight = 0.8
        args = list(texts)
        args[k] = text
        new = f"{name}({', '.join(args)})"
        found[new] = max(found.get(new, 0.0), weight)
    out = []
    for new, weight in sorted(found.items(), key=lambda t: -t[1])[:2]:
        out.append(
            _mut(
                fi,
                node,
                new,
                "wrap-mirror",
                f"{_short(fi, node)} -> {new.split('(')[0]}(...) (as elsewhere in the program)",
                EVIDENCE_PRIORS["wrap-mirror"] * weight,
            )
        )
    return out


def _docstrings(fi: FileInfo, func: FuncInfo) -> str:
    """The docstrings of the function, the functions around it and its class, joined."""
    docs = [f.node.get_docstring() or "" for f in enclosing_funcs(fi, func)]
    cls = fi.class_of_func.get(id(func.node))
    if cls is not None:
        docs.append(cls.get_docstring() or "")
    return "\n".join(docs)


def _maybe_none(fi: FileInfo, node: cst.BaseExpression, func: FuncInfo) -> bool:
    """A one-argument ``.get``, a parameter defaulting to ``None`` or a ``None`` field read."""
    if isinstance(node, cst.Call):
        callee = node.func
        return (
            isinstance(callee, cst.Attribute) and callee.attr.value == "get" and len(node.args) == 1
        )
    if isinstance(node, cst.Name):
        for f in enclosing_funcs(fi, func):
            params = f.node.params
            for p in (*params.params, *params.kwonly_params):
                if p.name.value == node.value:
                    d = p.default
                    return isinstance(d, cst.Name) and d.value == "None"
        return False
    if isinstance(node, cst.Attribute):
        from .templates_wrappers import none_fields  # a cycle at import time otherwise

        return node.attr.value in none_fields(fi)
    return False


def documented_default_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo
) -> list[Mutation]:
    """``node or C`` for a module constant ``C`` the docstrings around ``node`` name."""
    if not _where(fi, node) or not _maybe_none(fi, node, func):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    doc = _docstrings(fi, func)
    inside = fi.names_in(node)
    out = []
    for c in fi.module_names:
        if not c.lstrip("_").isupper() or c in inside:
            continue
        if re.search(rf"(?<![\w.]){re.escape(c)}(?!\w)", doc):
            out.append(
                _mut(
                    fi,
                    node,
                    f"{text} or {c}",
                    "wrap-or-default",
                    f"{_short(fi, node)} -> ... or {c} (the constant the docstring names)",
                    EVIDENCE_PRIORS["wrap-or-default"],
                )
            )
    return out[:2]


_CAP_DOC = re.compile(
    r"\bup to\b|\bat most\b|\bas many as\b|\bno more than\b|\ballow|\bcapped\b|\benough\b", re.I
)
_CAP_METHOD_WORDS = frozenset(
    {"possible", "available", "remaining", "left", "room", "capacity", "free", "fit", "fits"}
    | {"max", "most", "limit", "spare"}
)
_NUMBER_TYPES = frozenset({"int", "float"})


def _method_caps(fi: FileInfo, func: FuncInfo, cls: cst.ClassDef) -> list[tuple[str, str]]:
    """``(call text, method name)`` of the class's methods returning a number, callable here."""
    names = set(scope_params(fi, func)) | set(func.locals)
    body = cls.body.body if isinstance(cls.body, cst.IndentedBlock) else ()
    out = []
    for d in body:
        if not isinstance(d, cst.FunctionDef) or d is func.node or d.name.value.startswith("_"):
            continue
        ann = d.returns
        if ann is None or cst.Module([]).code_for_node(ann.annotation) not in _NUMBER_TYPES:
            continue
        ps = list(d.params.params)
        if not ps or ps[0].name.value != "self" or d.params.kwonly_params:
            continue
        wanted = [p.name.value for p in ps[1:]]
        if not all(w in names for w in wanted):
            continue
        prop = any(
            isinstance(dec.decorator, cst.Name) and dec.decorator.value == "property"
            for dec in d.decorators
        )
        call = f"self.{d.name.value}" if prop else f"self.{d.name.value}({', '.join(wanted)})"
        out.append((call, d.name.value))
    return out


def method_cap_mutations(fi: FileInfo, node: cst.BaseExpression, func: FuncInfo) -> list[Mutation]:
    """``min(node, self.m(...))`` for a count a method of the class bounds (module docstring)."""
    if not isinstance(node, (cst.Name, cst.Attribute)) or _wrapped_by(fi, node) in ("min", "max"):
        return []
    if isinstance(node, cst.Name) and (not _is_load_name(fi, node) or node.value == "self"):
        return []
    if _where(fi, node) not in ("arg", "assign", "return", "slice", "element"):
        return []
    cls = method_class(fi, func)
    if cls is None:
        return []
    capped = bool(_CAP_DOC.search(func.node.get_docstring() or ""))
    text = fi.text(node)
    out = []
    for call, name in _method_caps(fi, func, cls):
        named = bool(set(re.split(r"_+", name.lower())) & _CAP_METHOD_WORDS)
        if not (capped or named) or text in call:
            continue
        out.append(
            _mut(
                fi,
                node,
                f"min({text}, {call})",
                "wrap-min-cap",
                f"{_short(fi, node)} -> min(..., {call}) (a bound the class computes)",
                EVIDENCE_PRIORS["wrap-min-cap"] * (1.0 if capped and named else 0.7),
            )
        )
    return out[:2]


_QUOTED = re.compile(r"\"([^\"\n]{1,30})\"|'([^'\n]{1,30})'")


def _compared_with_calls(fi: FileInfo, name: str) -> list[str]:
    """String values the module compares a call of ``name`` (``f(..)``, ``self.f(..)``) with."""
    memo = fi.memo.setdefault("string-documented", {})
    assert isinstance(memo, dict)
    if name in memo:
        return memo[name]
    found: list[str] = []

    def called(n: cst.CSTNode) -> bool:
        if not isinstance(n, cst.Call):
            return False
        f = n.func
        return (isinstance(f, cst.Name) and f.value == name) or (
            isinstance(f, cst.Attribute) and f.attr.value == name
        )

    def strings(n: cst.CSTNode) -> list[str]:
        if isinstance(n, cst.SimpleString) and isinstance(n.evaluated_value, str):
            return [n.evaluated_value]
        if isinstance(n, (cst.Tuple, cst.List, cst.Set)):
            return [s for e in n.elements for s in strings(e.value)]
        return []

    class V(cst.CSTVisitor):
        def visit_Comparison(self, n: cst.Comparison) -> None:
            sides = [n.left, *(c.comparator for c in n.comparisons)]
            if any(called(s) for s in sides):
                for s in sides:
                    found.extend(v for v in strings(s) if v not in found)

    fi.module.visit(V())
    memo[name] = found
    return found


def documented_string_mutations(
    fi: FileInfo, node: cst.SimpleString, func: FuncInfo
) -> list[Mutation]:
    """A returned or stored literal -> one the callers compare the result with, or the doc quotes."""
    if _where(fi, node) not in ("return", "assign", "element"):
        return []
    old = node.evaluated_value
    if not isinstance(old, str) or node.value.startswith(('"""', "'''")) or "b" in node.prefix:
        return []
    quote = node.value[len(node.prefix)]
    compared = _compared_with_calls(fi, func.node.name.value)
    doc = func.node.get_docstring() or ""
    quoted = [a or b for a, b in _QUOTED.findall(doc)]
    produced = {s.evaluated_value for s in _returned_strings(fi, func) if s is not node}
    out = []
    for value in dict.fromkeys([*compared, *quoted]):
        if value == old or quote in value or "\\" in value or "{" in value:
            continue
        weight = 1.0 if value in compared and value in quoted else 0.85
        if value in produced:
            weight *= 0.5  # the function already produces it elsewhere: another case's value
        new = f"{node.prefix}{quote}{value}{quote}"
        out.append(
            _mut(
                fi,
                node,
                new,
                "string-documented",
                f"{node.value} -> {new} (compared with the result / the docstring quotes it)",
                EVIDENCE_PRIORS["string-documented"] * weight,
            )
        )
    return out[:3]


def _returned_strings(fi: FileInfo, func: FuncInfo) -> list[cst.SimpleString]:
    """The string literals the function returns directly (``return "closed"``)."""
    out: list[cst.SimpleString] = []

    class V(cst.CSTVisitor):
        def visit_Return(self, n: cst.Return) -> None:
            if isinstance(n.value, cst.SimpleString):
                out.append(n.value)

    func.node.visit(V())
    return out


def _bool_name(fi: FileInfo, node: cst.CSTNode, func: FuncInfo) -> bool:
    """Whether ``node`` is a flag (a parameter or ``self.`` field typed or defaulted ``bool``)."""
    if isinstance(node, cst.Name):
        for f in enclosing_funcs(fi, func):
            params = f.node.params
            for p in (*params.params, *params.kwonly_params):
                if p.name.value != node.value:
                    continue
                ann = p.annotation
                if ann is not None:
                    return cst.Module([]).code_for_node(ann.annotation).strip() == "bool"
                d = p.default
                return isinstance(d, cst.Name) and d.value in ("True", "False")
        return False
    if isinstance(node, cst.Attribute) and isinstance(node.value, cst.Name):
        cls = method_class(fi, func) if node.value.value == "self" else None
        if cls is None:
            return False
        return (node.attr.value, "bool") in class_fields(fi, cls)
    return False


def bool_arg_not_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo
) -> list[Mutation]:
    """``not b`` for a boolean handed on: an argument (``reverse=cheapest_first``), an element.

    :mod:`.templates_wrappers` negates returned, assigned and tested values; a flag passed to
    a call or stored in a display is the same kind in another position (PraPR's negation of a
    boolean expression, Ghanbari et al., ISSTA 2019).
    """
    if _where(fi, node) not in ("arg", "element") or not _bool_name(fi, node, func):
        return []
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.UnaryOperation):
        return []
    return [
        _mut(
            fi,
            node,
            f"not {fi.text(node)}",
            "wrap-not",
            f"{_short(fi, node)} -> not ... (a flag handed on)",
            EVIDENCE_PRIORS["wrap-not"],
        )
    ]


_ONE_BASED = re.compile(r"\b(?:from|at) (?:1|one)\b|\b(?:1|one)-based\b|\bfirst is 1\b", re.I)


def documented_offset_mutations(
    fi: FileInfo, node: cst.BaseExpression, func: FuncInfo
) -> list[Mutation]:
    """``n - 1`` for an integer parameter ``n`` the docstring says counts from 1.

    "Desks are numbered from 1" over a function that computes a 0-based row and column: the
    parameter used as is (an argument, an index, an operand, a returned value) was meant less
    one (TBar's "mutate integer expression", Liu et al., ISSTA 2019, with the docstring's
    evidence for which name and which direction).
    """
    if not isinstance(node, cst.Name) or not _is_load_name(fi, node):
        return []
    if _where(fi, node) not in ("arg", "operand", "left", "return", "element"):
        return []  # an index: the off-by-one templates' case
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.BinaryOperation) and isinstance(
        parent.operator, (cst.Add, cst.Subtract)
    ):
        return []  # already offset (``n - 1``, ``base + n``): the offset templates' case
    param = None
    for p in (*func.node.params.params, *func.node.params.kwonly_params):
        if p.name.value == node.value:
            param = p
    if param is None:
        return []
    ann = param.annotation
    if ann is not None and cst.Module([]).code_for_node(ann.annotation).strip() != "int":
        return []
    if not _ONE_BASED.search(func.node.get_docstring() or ""):
        return []
    return [
        _mut(
            fi,
            node,
            f"{node.value} - 1",
            "arg-off-by-one",
            f"{node.value} -> {node.value} - 1 (the docstring counts it from 1)",
            EVIDENCE_PRIORS["arg-off-by-one"],
        )
    ]


def evidence_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """Every template of this module over one statement's header (bodies left out).

    Args:
        fi: the file.
        st: the suspicious statement.
        line: for a header over several lines, only the nodes starting on that line.

    Returns:
        the mutations (each template guarded: one that raises costs only its own); none outside
        a function.
    """
    func = fi.func_info(st.func)
    if func is None:
        return []
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.SimpleString):
            out.extend(guarded(fi, documented_string_mutations, fi, n, func))
        elif isinstance(n, _PLAIN):
            out.extend(guarded(fi, mirror_mutations, fi, n, func))
            out.extend(guarded(fi, documented_default_mutations, fi, n, func))
            out.extend(guarded(fi, method_cap_mutations, fi, n, func))
            out.extend(guarded(fi, bool_arg_not_mutations, fi, n, func))
            out.extend(guarded(fi, documented_offset_mutations, fi, n, func))
    return out
