"""Two-token expression fixes inside sort keys and nested calls, lambdas included.

Two kinds of issue 19 that no template generated on heldout7 (engine7's diagnosis), each in the
place a real program has it (PraPR's arithmetic and method-call mutators, Ghanbari et al.,
ISSTA 2019; TBar's FP7/FP9 "mutate method invocation / operator", Liu et al., ISSTA 2019):

- ``offset-shift``: ``a + n`` -> ``a + n - 1`` / ``a + n + 1`` for a sum handed to a call as
  its only argument or used as an index (``chr(ord("A") + row)``, ``xs[base + i]``), ``n`` a
  parameter of the innermost function or ``lambda`` around it: a 1-based count used as an
  offset from a 0-based base. The module-level ``lambda`` counts as a function here (other
  templates skip statements outside a ``def``).
- ``key-measure``: an element ``e`` of a sort key, ``key=lambda c: (c.members, c.name)``, that
  holds a collection (its field annotated ``list``/``set``/``dict``/``tuple``..., or the file
  takes ``len`` of the same field elsewhere) -> ``len(e)`` and ``-len(e)``: a collection
  compared element by element where its size was meant, largest first when negated.

:func:`offset_header_mutations` runs both over a statement's header (bodies left out).
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _mut, _short
from .templates_positions import all_class_fields

#: hand-set priors of this module's templates
OFFSET_PRIORS: dict[str, float] = {"offset-shift": 0.3, "key-measure": 0.35}

#: calls whose value is an integer: an operand a 1-based count may be added to
_INT_CALLS = frozenset({"ord", "len", "int", "index", "find", "count"})
#: annotations of a collection field (the head of ``list[str]``, ``Set[int]``...)
_COLLECTIONS = frozenset(
    {"list", "set", "dict", "tuple", "frozenset", "deque", "List", "Set", "Dict", "Tuple"}
)
#: calls taking a ``key=`` that orders
_ORDERING = frozenset({"sorted", "sort", "min", "max", "nlargest", "nsmallest"})


def _params_around(fi: FileInfo, node: cst.CSTNode) -> set[str]:
    """Parameters of the innermost ``def`` or ``lambda`` holding ``node`` (empty outside any)."""
    cur: cst.CSTNode | None = node
    while cur is not None:
        cur, _ = fi.parent_of(cur)
        if isinstance(cur, (cst.Lambda, cst.FunctionDef)):
            ps = cur.params
            return {p.name.value for p in [*ps.posonly_params, *ps.params, *ps.kwonly_params]}
    return set()


def _int_like(node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Integer):
        return True
    return isinstance(node, cst.Call) and _callee(node) in _INT_CALLS


def offset_shift_mutations(fi: FileInfo, node: cst.BinaryOperation) -> list[Mutation]:
    """``a + n`` -> ``a + n - 1`` / ``a + n + 1`` (see the module docstring)."""
    if not isinstance(node.operator, cst.Add) or node.lpar:
        return []
    left, right = node.left, node.right
    pairs = [(left, right), (right, left)]
    if not any(isinstance(n, cst.Name) and _int_like(a) for a, n in pairs):
        return []
    name = right if isinstance(right, cst.Name) else left
    assert isinstance(name, cst.Name)
    if name.value not in _params_around(fi, node):
        return []
    parent, _ = fi.parent_of(node)
    holder, _ = fi.parent_of(parent) if parent is not None else (None, "")
    sole_arg = (
        isinstance(parent, cst.Arg) and isinstance(holder, cst.Call) and len(holder.args) == 1
    )
    index = isinstance(parent, cst.Index)
    if not (sole_arg or index):
        return []
    text = fi.text(node)
    if "\n" in text:
        return []
    out = []
    for delta, w in (("- 1", 1.0), ("+ 1", 0.8)):
        out.append(
            _mut(
                fi,
                node,
                f"{text} {delta}",
                "offset-shift",
                f"{_short(fi, node)} -> ... {delta}",
                OFFSET_PRIORS["offset-shift"] * w,
            )
        )
    return out


def _collection_fields(fi: FileInfo) -> set[str]:
    """Fields of the file's classes annotated as a collection, or measured by ``len`` anywhere."""
    out: set[str] = set()
    for fields in all_class_fields(fi):
        for f, ann in fields:
            head = re.split(r"[\[\s|]", ann.strip(), maxsplit=1)[0].split(".")[-1]
            if head in _COLLECTIONS:
                out.add(f)
    out |= set(re.findall(r"\blen\(\s*[A-Za-z_][\w.]*\.([A-Za-z_]\w*)\s*\)", fi.source))
    return out


def key_measure_mutations(fi: FileInfo, node: cst.Lambda) -> list[Mutation]:
    """``e`` -> ``len(e)`` / ``-len(e)`` in a sort key (see the module docstring)."""
    arg, _ = fi.parent_of(node)
    call, _ = fi.parent_of(arg) if arg is not None else (None, "")
    if not (
        isinstance(arg, cst.Arg)
        and arg.keyword is not None
        and arg.keyword.value == "key"
        and isinstance(call, cst.Call)
        and _callee(call) in _ORDERING
    ):
        return []
    body = node.body
    elements = [e.value for e in body.elements] if isinstance(body, cst.Tuple) else [body]
    fields = _collection_fields(fi)
    out: list[Mutation] = []
    for e in elements:
        if not (isinstance(e, cst.Attribute) and e.attr.value in fields):
            continue
        text = fi.text(e)
        for new, w in ((f"len({text})", 1.0), (f"-len({text})", 0.9)):
            out.append(
                _mut(
                    fi,
                    e,
                    new,
                    "key-measure",
                    f"{_short(fi, e)} -> {new} in the sort key",
                    OFFSET_PRIORS["key-measure"] * w,
                )
            )
    return out[:4]


def offset_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """This module's kinds over one statement's header (bodies left out); also outside a def."""
    out: list[Mutation] = []
    for n in fi.header_nodes(st):
        if line is not None and st.header_end > st.start and fi.line_of(n) != line:
            continue
        if isinstance(n, cst.BinaryOperation):
            out.extend(guarded(fi, offset_shift_mutations, fi, n))
        elif isinstance(n, cst.Lambda):
            out.extend(guarded(fi, key_measure_mutations, fi, n))
    return out
