"""Text-level helpers of the fix templates: node text, parentheses by precedence, focus, parsing.

Split out of :mod:`.templates_ast` (which re-exports these names): :func:`code` renders a libcst
node, :func:`needs_parens` applies Python's precedence table before a node is spliced into
another (``a - b * c`` with ``*`` -> ``+`` must become ``a - (b + c)``), :func:`blank_unrelated`
narrows a long file to the definitions around the suspicious lines, :func:`parses` checks a
candidate's text with the running interpreter's grammar.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import TypeVar

import libcst as cst

_EMPTY = cst.Module(body=[])


def code(node: cst.CSTNode) -> str:
    """Source text of a libcst node (with its own parentheses)."""
    return _EMPTY.code_for_node(node)


#: any libcst node type: the helpers below give back the type they were given
_N = TypeVar("_N", bound=cst.CSTNode)


def bare(node: _N) -> _N:
    """The node without its outermost parentheses (the splice range excludes them)."""
    if getattr(node, "lpar", None):
        return node.with_changes(lpar=[], rpar=[])
    return node


def parens(node: cst.BaseExpression) -> cst.BaseExpression:
    """The node wrapped in one pair of parentheses (unless it already has some)."""
    if getattr(node, "lpar", None):
        return node
    return node.with_changes(lpar=[cst.LeftParen()], rpar=[cst.RightParen()])


# ------------------------------------------------------------------------------ precedence

_BIN_PREC = {
    cst.BitOr: 6,
    cst.BitXor: 7,
    cst.BitAnd: 8,
    cst.LeftShift: 9,
    cst.RightShift: 9,
    cst.Add: 10,
    cst.Subtract: 10,
    cst.Multiply: 11,
    cst.Divide: 11,
    cst.FloorDivide: 11,
    cst.Modulo: 11,
    cst.MatrixMultiply: 11,
    cst.Power: 13,
}
ATOM = 16


def precedence(node: cst.CSTNode) -> int:
    """Python's binding strength of an expression node (higher binds tighter)."""
    if isinstance(node, cst.NamedExpr):
        return -1
    if isinstance(node, cst.Lambda):
        return 0
    if isinstance(node, cst.IfExp):
        return 1
    if isinstance(node, cst.BooleanOperation):
        return 2 if isinstance(node.operator, cst.Or) else 3
    if isinstance(node, cst.UnaryOperation):
        return 4 if isinstance(node.operator, cst.Not) else 12
    if isinstance(node, cst.Comparison):
        return 5
    if isinstance(node, cst.BinaryOperation):
        return _BIN_PREC[type(node.operator)]
    if isinstance(node, cst.Await):
        return 14
    return ATOM


def needs_parens(parent: cst.CSTNode | None, child: cst.CSTNode, field_name: str) -> bool:
    """Whether ``child`` placed in ``parent``'s ``field_name`` must be parenthesized."""
    if parent is None or getattr(child, "lpar", None):
        return False
    c = precedence(child)
    if c >= ATOM:
        return False
    if isinstance(parent, cst.BinaryOperation):
        p = precedence(parent)
        if c != p:
            return c < p
        if isinstance(parent.operator, cst.Power):
            return field_name == "left"
        return field_name == "right"
    if isinstance(parent, cst.UnaryOperation):
        return c < precedence(parent)
    if isinstance(parent, cst.BooleanOperation):
        p = precedence(parent)
        return c < p or (c == p and field_name == "right")
    if isinstance(parent, (cst.Comparison, cst.ComparisonTarget)):
        return c <= 5
    if isinstance(parent, (cst.Attribute, cst.Subscript, cst.Call)):
        return field_name in ("value", "func")
    if isinstance(parent, cst.IfExp):
        return c <= 1
    if isinstance(parent, cst.Await):
        return c < 14
    return c < 0


def fix_child_parens(node: _N) -> _N:
    """Parenthesize the operands of a (changed) operator node where precedence requires it."""
    if isinstance(node, cst.BinaryOperation):
        left, right = node.left, node.right
        if needs_parens(node, left, "left"):
            left = parens(left)
        if needs_parens(node, right, "right"):
            right = parens(right)
        return node.with_changes(left=left, right=right)
    if isinstance(node, cst.BooleanOperation):
        left, right = node.left, node.right
        if needs_parens(node, left, "left"):
            left = parens(left)
        if needs_parens(node, right, "right"):
            right = parens(right)
        return node.with_changes(left=left, right=right)
    if isinstance(node, cst.UnaryOperation) and needs_parens(node, node.expression, "expression"):
        return node.with_changes(expression=parens(node.expression))
    return node


FOCUS_MIN_LINES = 300


def blank_unrelated(source: str, focus: Sequence[int]) -> str:
    """``source`` with the functions and classes that hold no ``focus`` line turned to spaces.

    Every character but line breaks of such a definition (decorators included) becomes a space,
    so line numbers and character offsets stay those of ``source`` and the result still parses:
    building libcst's tree and positions costs seconds on files of thousands of lines, and the
    templates only need the code around the suspicious lines (plus the module's simple
    statements: imports, constants). Methods of a kept class are blanked the same way while at
    least one statement of the class remains. Files shorter than ``FOCUS_MIN_LINES`` lines are
    returned as they are.
    """
    lines = source.splitlines(keepends=True)
    if len(lines) < FOCUS_MIN_LINES:
        return source
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return source
    wanted = set(focus)
    spans: list[tuple[int, int]] = []

    def first_line(node: ast.stmt) -> int:
        decos = getattr(node, "decorator_list", [])
        return min([node.lineno] + [d.lineno for d in decos])

    def holds(node: ast.stmt) -> bool:
        lo, hi = first_line(node), node.end_lineno or node.lineno
        return any(lo <= ln <= hi for ln in wanted)

    defs = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    for node in tree.body:
        if not isinstance(node, defs):
            continue
        if not holds(node):
            spans.append((first_line(node), node.end_lineno or node.lineno))
        elif isinstance(node, ast.ClassDef):
            inner = [m for m in node.body if isinstance(m, defs) and not holds(m)]
            if len(inner) < len(node.body):
                spans.extend((first_line(m), m.end_lineno or m.lineno) for m in inner)
    if not spans:
        return source
    out = list(lines)
    for lo, hi in spans:
        for i in range(lo - 1, min(hi, len(out))):
            ln = out[i]
            body = ln.rstrip("\r\n")
            out[i] = " " * len(body) + ln[len(body) :]
    return "".join(out)


def parses(source: str) -> bool:
    """Whether ``source`` is valid Python (by the running interpreter's grammar)."""
    try:
        ast.parse(source)
    except (SyntaxError, ValueError):
        return False
    return True
