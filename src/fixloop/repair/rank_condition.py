"""The smallest semantic change of one condition, among plausible patches that all change it.

Several templates change the same condition in different ways and, on a bug the visible tests
pin at one value, several of them pass: ``len(gaps) == 0`` becomes ``len(gaps) == 1``,
``len(gaps) - 1 == 0`` or ``len(gaps) <= 1``; ``(flags ^ bit) != 0`` becomes
``(flags ^ bit) == 0`` or ``(flags & bit) != 0``. The traced runs cannot tell them apart when the
passing tests take the same branches under all of them. The condition itself can: evaluated on a
small grid of values for the quantities it compares (each name, attribute, call or subscript an
integer variable; a ``len(...)`` never negative), each patch changes the condition's outcome on
some share of the grid. ``== 1`` drops the case the original handled (``len == 0``) and adds the
failing one; ``<= 1`` keeps it and adds the failing one: the smaller change.

:func:`condition_ranks` says, per plausible patch, whether another plausible patch changes the
*same* condition (the same original expression at the same place) on fewer grid points. Such a
patch goes after it in :func:`.overfit.rank_plausible` (after the traced evidence and the extra
inputs, before the size of the diff). This is the semantic distance of Qlose (D'Antoni, Samanta,
Singh, "Qlose: Program Repair with Quantitative Objectives", CAV 2016): among repairs that pass
the tests, the one whose behaviour differs from the original program on the fewest inputs; here
measured on the condition alone, over an abstract integer domain, the way DirectFix (Mechtaev,
Yi, Roychoudhury, ICSE 2015) prefers the simplest change of an expression. Why a reviewer accepts
it on a program never seen: the original condition was written and tested for the cases the
passing tests exercise; the failing test asks for one more case, and a fix that also drops cases
the original got right (``== 0`` moved to ``== 1`` instead of widened to ``<= 1``) needs evidence
no test gave. Patches at different conditions are never compared (their grids mean different
things); a patch that is alone at its condition is never moved. The condition is the
*innermost* comparison (or ``and``/``or``/``not``) around the edit: ``n < 2`` -> ``n < 3`` and
``n < 2 and even`` -> ``n < 2 or even`` are edits of two conditions, not two edits of one; the
minimal change is wrong when the bug is the connective and touches half the inputs (every even
number called prime, bugsuite-dev prime-check), so the connective's edit is never measured
against its operands' edits.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Sequence
from typing import Any

from fixloop.repair.candidate import Candidate

__all__ = ["changed_condition", "condition_ranks", "semantic_distance"]

#: grid of an integer quantity, and of one that is never negative (``len(...)``)
SIGNED = tuple(range(-3, 9))
UNSIGNED = tuple(range(0, 9))
#: most quantities a condition may compare (the grid has ``12 ** n`` points)
MAX_VARIABLES = 3

_BOOLEAN = (ast.Compare, ast.BoolOp)
_ARITH = (
    ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Mod, ast.Div, ast.BitAnd, ast.BitOr, ast.BitXor,
    ast.LShift, ast.RShift,
)  # fmt: skip


def _boolean(node: ast.AST) -> bool:
    return isinstance(node, _BOOLEAN) or (
        isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)
    )


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, ast.AST) and isinstance(b, ast.AST):
        return ast.dump(a) == ast.dump(b)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _differing(a: ast.AST, b: ast.AST, path: list[ast.AST]) -> tuple[list[ast.AST], ast.AST] | None:
    """The old tree's ancestors down to the smallest node where ``a`` and ``b`` differ.

    With that node's new counterpart; None when the trees are the same.
    """
    if type(a) is not type(b):
        return [*path, a], b
    diffs: list[tuple[Any, Any]] = []
    for name, va in ast.iter_fields(a):
        vb = getattr(b, name, None)
        if _same(va, vb):
            continue
        if isinstance(va, ast.AST) and isinstance(vb, ast.AST) and not _is_operator(va):
            diffs.append((va, vb))
        elif isinstance(va, list) and isinstance(vb, list) and len(va) == len(vb):
            pairs = [(x, y) for x, y in zip(va, vb, strict=True) if not _same(x, y)]
            if all(isinstance(x, ast.AST) and not _is_operator(x) for x, _ in pairs):
                diffs.extend(pairs)
            else:
                return [*path, a], b
        else:
            return [*path, a], b
    if len(diffs) != 1:
        return ([*path, a], b) if diffs else None
    return _differing(diffs[0][0], diffs[0][1], [*path, a])


def _is_operator(node: ast.AST) -> bool:
    return isinstance(node, (ast.operator, ast.cmpop, ast.boolop, ast.unaryop))


def changed_condition(cand: Candidate) -> tuple[tuple[Any, ...], ast.expr, ast.expr] | None:
    """The condition a one-place patch changes: ``(site, old condition, new condition)``.

    The condition is the innermost boolean expression (a comparison, ``and``/``or``, ``not``)
    enclosing the smallest changed node, or that node itself when it is one; the
    site is ``(path, line, column, old text)`` of the original condition. None: the patch
    changes several places, adds or removes statements, or changes no condition.
    """
    if cand.also or not cand.old_source:
        return None
    try:
        old, new = ast.parse(cand.old_source), ast.parse(cand.new_source)
    except (SyntaxError, ValueError):
        return None
    found = _differing(old, new, [])
    if found is None:
        return None
    chain, _ = found
    at = None
    for i in range(len(chain) - 1, -1, -1):
        if isinstance(chain[i], ast.stmt):
            break
        if _boolean(chain[i]):
            at = i
            break
    if at is None:
        return None
    cond = chain[at]
    # the new counterpart: the same path of fields from the enclosing statement down
    twin = _counterpart(old, new, cond)
    if not isinstance(cond, ast.expr) or not isinstance(twin, ast.expr) or not _boolean(twin):
        return None
    site = (cand.path, cond.lineno, cond.col_offset, ast.unparse(cond))
    return site, cond, twin


def _counterpart(old: ast.AST, new: ast.AST, target: ast.AST) -> ast.AST | None:
    """The node of ``new`` at the place ``target`` has in ``old`` (the same fields and indexes)."""
    if old is target:
        return new
    if type(old) is not type(new):
        return None
    for name, va in ast.iter_fields(old):
        vb = getattr(new, name, None)
        items = (
            list(zip(va, vb, strict=False))
            if isinstance(va, list) and isinstance(vb, list)
            else [(va, vb)]
        )
        for x, y in items:
            if isinstance(x, ast.AST) and isinstance(y, ast.AST):
                got = _counterpart(x, y, target)
                if got is not None:
                    return got
    return None


class _Abstract(ast.NodeTransformer):
    """Each maximal operand that is not arithmetic on numbers becomes a variable ``_v<k>``."""

    def __init__(self, names: dict[str, str], unsigned: set[str]) -> None:
        self.names = names
        self.unsigned = unsigned
        self.ok = True

    def generic_visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, (ast.Compare, ast.BoolOp, ast.expr_context)) or _is_operator(node):
            return super().generic_visit(node)
        if isinstance(node, ast.UnaryOp) and isinstance(
            node.op, (ast.Not, ast.USub, ast.UAdd, ast.Invert)
        ):
            return super().generic_visit(node)
        if isinstance(node, ast.BinOp) and isinstance(node.op, _ARITH):
            return super().generic_visit(node)
        if isinstance(node, ast.Constant):
            if not isinstance(node.value, (int, float)) or node.value is None:
                self.ok = False
            return node
        if isinstance(node, (ast.Name, ast.Attribute, ast.Call, ast.Subscript)):
            key = ast.dump(node)
            var = self.names.setdefault(key, f"_v{len(self.names)}")
            is_len = (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "len"
            )
            if is_len:
                self.unsigned.add(var)
            return ast.copy_location(ast.Name(id=var, ctx=ast.Load()), node)
        self.ok = False
        return node


def _compile(cond: ast.expr, names: dict[str, str], unsigned: set[str]) -> Any:
    abstract = _Abstract(names, unsigned)
    body = abstract.visit(ast.parse(ast.unparse(cond), mode="eval").body)
    if not abstract.ok:
        return None
    return body


def semantic_distance(old: ast.expr, new: ast.expr) -> int | None:
    """On how many points of the grid the two conditions' outcomes differ.

    Each quantity the conditions compare (a name, attribute, call or subscript; the same text is
    the same quantity) ranges over :data:`SIGNED` (:data:`UNSIGNED` for ``len(...)``); a raised
    exception is an outcome of its own. None: a non-numeric constant, another kind of operand,
    more than :data:`MAX_VARIABLES` quantities, or a quantity in ``new`` that ``old`` does not
    compare (a name replaced: the grids of the two would not be the same inputs).
    """
    names: dict[str, str] = {}
    unsigned: set[str] = set()
    a = _compile(old, names, unsigned)
    known = len(names)
    b = _compile(new, names, unsigned)
    if a is None or b is None or not names or len(names) > MAX_VARIABLES:
        return None
    if len(names) > known:  # the patch compares another quantity: not a change on one grid
        return None
    args = sorted(names.values())
    fa, fb = (_function(e, args) for e in (a, b))
    grids = [UNSIGNED if v in unsigned else SIGNED for v in args]
    return sum(1 for point in itertools.product(*grids) if _run(fa, point) != _run(fb, point))


def _function(body: ast.expr, args: list[str]) -> Any:
    lam = ast.Expression(
        ast.Lambda(
            args=ast.arguments(
                posonlyargs=[],
                args=[ast.arg(arg=a) for a in args],
                kwonlyargs=[],
                kw_defaults=[],
                defaults=[],
            ),
            body=body,
        )
    )
    ast.fix_missing_locations(lam)
    return eval(compile(lam, "<condition>", "eval"), {"__builtins__": {}})  # noqa: S307


def _run(f: Any, point: tuple[int, ...]) -> Any:
    try:
        return bool(f(*point))
    except (ArithmeticError, ValueError, TypeError):
        return "raises"


def condition_ranks(cands: Sequence[Candidate]) -> dict[int, int]:
    """``id(candidate)`` -> 1 when another of ``cands`` changes the same condition less, else 0.

    Only patches that change one condition (:func:`changed_condition`) at a site where at least
    two of ``cands`` change it, and whose :func:`semantic_distance` is measured, are compared;
    every other candidate gets 0.
    """
    sites: dict[tuple[Any, ...], list[tuple[int, int]]] = {}
    for c in cands:
        found = changed_condition(c)
        if found is None:
            continue
        site, old, new = found
        dist = semantic_distance(old, new)
        if dist is not None:
            sites.setdefault(site, []).append((id(c), dist))
    out = {id(c): 0 for c in cands}
    for members in sites.values():
        if len(members) < 2:
            continue
        best = min(d for _, d in members)
        for key, d in members:
            out[key] = 1 if d > best else 0
    return out
