"""Patches that make a loop's accumulator forget what the earlier iterations added.

``for p in pressings: litres += p.litres`` accumulates over the loop's iterations. Two kinds of
plausible patch end that: the update turned into a store (``litres = p.litres``: only the last
iteration counts) and a reset put inside the same loop (``litres = 0.0`` as the loop body's first
statement: the ``+=`` adds to zero every time). Both pass a test whose loop runs once per
accumulation (one pressing per barrel), and the hidden tests are the ones where it runs twice;
the right fix of a missing reset puts it one loop *out* (once per barrel), where the
accumulation survives.

:func:`stops_accumulating` says whether a patch lowers the number of live accumulators of the
source: pairs (innermost loop, target) where the loop's body updates the target with an
augmented assignment and stores it nowhere else in that body. It ranks with
:func:`.rank_intent.counter_to_constant` in :func:`.overfit.rank_plausible`, before the path
distance: the same "plausible but degenerate" patch of Qi, Long, Achour, Rinard (ISSTA 2015),
here read from the loop structure instead of a constant step. Why a reviewer accepts it on a
program never seen: the program's own augmented assignment inside a loop says the value is
meant to grow over the iterations; a patch that keeps every accumulation the original had
explains the failing test without throwing the accumulated value away. A rank, never a filter.
"""

from __future__ import annotations

import ast
import functools

from fixloop.repair.candidate import Candidate

__all__ = ["live_accumulators", "stops_accumulating"]

_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _target(node: ast.expr) -> str:
    return ast.dump(node)


def _body_nodes(loop: ast.AST) -> list[ast.AST]:
    """The nodes of a loop's body (and ``else``), not those of nested loops or functions."""
    out: list[ast.AST] = []
    stack: list[ast.AST] = [*getattr(loop, "body", []), *getattr(loop, "orelse", [])]
    while stack:
        node = stack.pop()
        out.append(node)
        if isinstance(node, (*_LOOPS, *_SCOPES)):
            continue
        stack.extend(ast.iter_child_nodes(node))
    return out


@functools.lru_cache(maxsize=64)  # the judge's sort keys ask again per patch
def live_accumulators(source: str) -> int | None:
    """How many (innermost loop, target) pairs accumulate.

    A pair accumulates when the loop's own body (nested loops and functions are their own)
    updates the target by ``op=`` and stores it nowhere else. None: the source does not parse.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    count = 0
    for loop in ast.walk(tree):
        if not isinstance(loop, _LOOPS):
            continue
        updated: set[str] = set()
        stored: set[str] = set()
        for node in _body_nodes(loop):
            if isinstance(node, ast.AugAssign):
                updated.add(_target(node.target))
            elif isinstance(node, ast.Assign):
                stored.update(_target(t) for t in node.targets)
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                stored.add(_target(node.target))
        count += len(updated - stored)
    return count


def stops_accumulating(cand: Candidate) -> bool:
    """Does the patch leave fewer live accumulators (:func:`live_accumulators`) than the original?

    False for a patch of several files, or when either side does not parse.
    """
    if cand.also or not cand.old_source:
        return False
    before, after = live_accumulators(cand.old_source), live_accumulators(cand.new_source)
    return before is not None and after is not None and after < before
