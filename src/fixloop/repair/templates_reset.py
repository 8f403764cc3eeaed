"""The accumulator reset an outer loop leaves out: ``total = 0.0`` at the top of its body.

Issue 19's missing statements, the accumulator kind (a sum, count or list per group that keeps
growing across groups because its initialization stands before the outer loop instead of inside
it). The statement is the program's own (the Plastic Surgery Hypothesis, Barr et al., FSE 2014;
GenProg's insertion of a statement of the same function, Le Goues et al., TSE 2012), placed where
the per-group reading of the accumulator implies it:

- ``insert-accumulator-reset``: for an outer loop ``L`` preceded in its block by ``A = init``
  (a literal: ``0``, ``0.0``, ``""``, ``[]``, ``{}``, ``set()``), where a loop nested in ``L``
  updates ``A`` (``A += v``, ``A.append(v)``) and ``L``'s own body reads ``A`` outside that
  update (``out[k] = A``: one result per group) and never rebinds it: ``A = init`` copied as the
  first statement of ``L``'s body.

:func:`reset_mutations` runs it for one statement (registered in
:func:`fixloop.repair.templates.generate_candidates`).
"""

from __future__ import annotations

import libcst as cst

from .templates_ast import FileInfo, Mutation, StmtInfo, guarded
from .templates_lines import _loop_around, inserted

#: hand-set prior (as ``insert-parallel-update``'s kin in :mod:`.templates_missing`)
RESET_PRIORS: dict[str, float] = {"insert-accumulator-reset": 0.4}

_GROWS = frozenset({"append", "add", "extend", "update"})


def _initial(node: cst.CSTNode) -> str:
    """``A`` for a line ``A = literal`` (a number, a string, an empty container), else ``""``."""
    if not isinstance(node, cst.SimpleStatementLine) or len(node.body) != 1:
        return ""
    small = node.body[0]
    if isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    elif isinstance(small, cst.Assign) and len(small.targets) == 1:
        target, value = small.targets[0].target, small.value
    else:
        return ""
    literal = (
        isinstance(value, (cst.Integer, cst.Float, cst.SimpleString))
        or (isinstance(value, (cst.List, cst.Dict)) and not value.elements)
        or (
            isinstance(value, cst.Call)
            and isinstance(value.func, cst.Name)
            and value.func.value in ("set", "list", "dict")
            and not value.args
        )
    )
    return target.value if literal and isinstance(target, cst.Name) else ""


def _uses(loop: cst.CSTNode, name: str) -> tuple[bool, bool, bool]:
    """(updated in a nested loop, read outside an update, rebound plainly) for ``name``."""
    nested = read = rebound = False

    class V(cst.CSTVisitor):
        def __init__(self) -> None:
            self.depth = 0
            self.updating = 0

        def visit_For(self, n: cst.For) -> None:
            self.depth += n is not loop

        def leave_For(self, n: cst.For) -> None:
            self.depth -= n is not loop

        def visit_While(self, n: cst.While) -> None:
            self.depth += n is not loop

        def leave_While(self, n: cst.While) -> None:
            self.depth -= n is not loop

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            nonlocal nested
            if isinstance(n.target, cst.Name) and n.target.value == name:
                nested = nested or self.depth > 0
                self.updating += 1

        def leave_AugAssign(self, n: cst.AugAssign) -> None:
            if isinstance(n.target, cst.Name) and n.target.value == name:
                self.updating -= 1

        def visit_Call(self, n: cst.Call) -> None:
            nonlocal nested
            f = n.func
            if (
                isinstance(f, cst.Attribute)
                and isinstance(f.value, cst.Name)
                and f.value.value == name
                and f.attr.value in _GROWS
            ):
                nested = nested or self.depth > 0
                self.updating += 1

        def leave_Call(self, n: cst.Call) -> None:
            f = n.func
            if (
                isinstance(f, cst.Attribute)
                and isinstance(f.value, cst.Name)
                and f.value.value == name
                and f.attr.value in _GROWS
            ):
                self.updating -= 1

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            nonlocal rebound
            if isinstance(n.target, cst.Name) and n.target.value == name:
                rebound = True

        def visit_Name(self, n: cst.Name) -> None:
            nonlocal read
            if n.value == name and not self.updating:
                read = True

    body = getattr(loop, "body", None)
    if body is not None:
        body.visit(V())
    return nested, read, rebound


def accumulator_reset_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``A = init`` at the top of an outer loop reading ``A`` per group (see module)."""
    if st.func is None:
        return []
    loops: list[StmtInfo] = []
    cur: StmtInfo | None = st if isinstance(st.node, (cst.For, cst.While)) else None
    cur = cur or _loop_around(fi, st)
    while cur is not None and len(loops) < 3:  # the loop of ``st`` and the loops around it
        loops.append(cur)
        cur = _loop_around(fi, cur)
    out: list[Mutation] = []
    for loop in loops:
        body = getattr(loop.node, "body", None)
        if not isinstance(body, cst.IndentedBlock) or not body.body:
            continue
        first = fi.stmt_info(body.body[0])
        if first is None or not first.alone:
            continue
        for prior_stmt in loop.block[: loop.index]:
            name = _initial(prior_stmt)
            if not name:
                continue
            nested, read, rebound = _uses(loop.node, name)
            if not nested or not read or rebound:
                continue
            text = fi.text(prior_stmt).strip()
            indent = fi.indent_of_line(first.start)
            out.append(
                inserted(
                    fi.line_starts[first.start - 1],
                    f"{indent}{text}\n",
                    "insert-accumulator-reset",
                    f"insert '{text}' at the top of the loop of line {loop.start} (one per group)",
                    loop.start,
                    RESET_PRIORS["insert-accumulator-reset"],
                )
            )
    return out[:3]


def reset_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """This module's kinds for one statement."""
    return guarded(fi, accumulator_reset_mutations, fi, st)
