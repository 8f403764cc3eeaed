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
- ``insert-dispatch-copy``: in an ``if``/``elif`` chain dispatching on one subject compared
  with operator symbols (``tok == "+"``, ``tok == "*"``: a calculator, an RPN or expression
  evaluator), a branch whose statements are those of a sibling branch less its last one gets
  that last statement copied, with the sibling's operator replaced by this branch's own
  (``stack.append(a + b)`` -> ``stack.append(a * b)`` under ``tok == "*"``).

:func:`offset_header_mutations` runs the expression kinds over a statement's header (bodies left
out); :func:`dispatch_copy_mutations` is anchored at a statement of the short branch.
"""

from __future__ import annotations

import re

import libcst as cst

from .templates_ast import FileInfo, Mutation, StmtInfo, guarded
from .templates_base import _callee, _mut, _short
from .templates_blocks import _one_line
from .templates_lines import inserted
from .templates_positions import all_class_fields, header_nodes_on

#: hand-set priors of this module's templates
OFFSET_PRIORS: dict[str, float] = {
    "offset-shift": 0.3,
    "key-measure": 0.35,
    "insert-dispatch-copy": 0.4,
}

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


def _collection_valued_fields(fi: FileInfo) -> set[str]:
    """Fields annotated as a mapping to collections (``dict[time, list[Household]]``)."""
    out: set[str] = set()
    for fields in all_class_fields(fi):
        for f, ann in fields:
            m = re.match(r"(?:\w+\.)?(?:dict|Dict|defaultdict|Mapping)\[[^\[\],]+,\s*(\w+)", ann)
            if m and m.group(1) in _COLLECTIONS:
                out.add(f)
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
    valued = _collection_valued_fields(fi)
    out: list[Mutation] = []
    for e in elements:
        # ``x.members``, or ``self.slots[s]`` of a field mapping to lists
        looked_up = e.value if isinstance(e, cst.Subscript) else None
        if not (
            (isinstance(e, cst.Attribute) and e.attr.value in fields)
            or (isinstance(looked_up, cst.Attribute) and looked_up.attr.value in valued)
        ):
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


# ------------------------------------------------------------------------------ dispatch copy

#: operator symbols a dispatching branch may compare with -> the operator node's class
_SYMBOLS: dict[str, type[cst.BaseBinaryOp]] = {
    "+": cst.Add,
    "-": cst.Subtract,
    "*": cst.Multiply,
    "/": cst.Divide,
    "//": cst.FloorDivide,
    "%": cst.Modulo,
    "**": cst.Power,
    "&": cst.BitAnd,
    "|": cst.BitOr,
    "^": cst.BitXor,
}


def _dispatch(fi: FileInfo, clause: cst.If) -> tuple[str, str] | None:
    """``(subject text, symbol)`` of a clause ``if subject == "<op>":``, else None."""
    test = clause.test
    if not (isinstance(test, cst.Comparison) and len(test.comparisons) == 1):
        return None
    comp = test.comparisons[0]
    if not isinstance(comp.operator, cst.Equal):
        return None
    for subject, lit in ((test.left, comp.comparator), (comp.comparator, test.left)):
        if isinstance(lit, cst.SimpleString) and isinstance(lit.evaluated_value, str):
            if lit.evaluated_value in _SYMBOLS:
                return fi.text(subject), lit.evaluated_value
    return None


def _chain(fi: FileInfo, clause: cst.If) -> list[cst.If]:
    """Every clause of the ``if``/``elif`` chain ``clause`` belongs to, in order."""
    top = clause
    while True:
        up, fld = fi.parent_of(top)
        if isinstance(up, cst.If) and fld == "orelse":
            top = up
        else:
            break
    out = []
    cur: cst.BaseSuite | cst.If | cst.Else | None = top
    while isinstance(cur, cst.If):
        out.append(cur)
        cur = cur.orelse
    return out


class _SwapOp(cst.CSTTransformer):
    """Replaces every binary operator of class ``old`` by one of class ``new``."""

    def __init__(self, old: type[cst.BaseBinaryOp], new: type[cst.BaseBinaryOp]) -> None:
        super().__init__()
        self.old, self.new, self.count = old, new, 0

    def leave_BinaryOperation(
        self, original_node: cst.BinaryOperation, updated_node: cst.BinaryOperation
    ) -> cst.BaseExpression:
        op = updated_node.operator
        if type(op) is not self.old:
            return updated_node
        self.count += 1
        spaces = {
            k: getattr(op, k, cst.SimpleWhitespace(" "))
            for k in ("whitespace_before", "whitespace_after")
        }
        new_op = self.new(**spaces)
        return updated_node.with_changes(operator=new_op)


def dispatch_copy_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """A sibling branch's last statement, its operator made this branch's (see module)."""
    if not st.alone or st.index != len(st.block) - 1:
        return []  # anchored at the short branch's last statement
    block, _ = fi.parent_of(st.node)
    clause, _ = fi.parent_of(block) if block is not None else (None, "")
    if not isinstance(clause, cst.If):
        return []
    mine = _dispatch(fi, clause)
    if mine is None:
        return []
    texts = [fi.text(s).strip() for s in st.block]
    out: list[Mutation] = []
    for other in _chain(fi, clause):
        theirs = _dispatch(fi, other) if other is not clause else None
        if theirs is None or theirs[0] != mine[0] or theirs[1] == mine[1]:
            continue
        body = list(getattr(other.body, "body", ()))
        if len(body) != len(texts) + 1 or [fi.text(s).strip() for s in body[:-1]] != texts:
            continue
        last = body[-1]
        swap = _SwapOp(_SYMBOLS[theirs[1]], _SYMBOLS[mine[1]])
        new = last.visit(swap)
        if swap.count != 1 or not isinstance(new, cst.SimpleStatementLine):
            continue
        line = cst.Module([]).code_for_node(new.with_changes(leading_lines=())).strip()
        if "\n" in line:
            continue
        out.append(
            inserted(
                fi.line_starts[st.end],
                f"{fi.indent_of_line(st.start)}{line}\n",
                "insert-dispatch-copy",
                f"insert '{_one_line(line)}' after line {st.end} (the {theirs[1]!r} branch's, "
                f"made {mine[1]!r})",
                st.start,
                OFFSET_PRIORS["insert-dispatch-copy"],
            )
        )
    return out[:2]


# ------------------------------------------------------------------------------ drivers


def offset_header_mutations(fi: FileInfo, st: StmtInfo, line: int | None = None) -> list[Mutation]:
    """This module's kinds over one statement's header (bodies left out); also outside a def."""
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
        if isinstance(n, cst.BinaryOperation):
            out.extend(guarded(fi, offset_shift_mutations, fi, n))
        elif isinstance(n, cst.Lambda):
            out.extend(guarded(fi, key_measure_mutations, fi, n))
    return out
