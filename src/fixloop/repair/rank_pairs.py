"""An inserted update that undoes a paired one, nested deeper than its pair.

A missing counter update is often the mirror of one the program has: ``self.out[size] += 1``
when a kart goes out, the missing ``self.out[size] -= 1`` when it comes back. The engine inserts
the mirror at several places of the other function, and the traced evidence prefers the ones
the passing tests do not run: inside an ``if laps:`` that no passing test enters, the insertion
is no path change at all. Those are the wrong ones: the paired update runs whenever its function
runs (it sits at the function's top level), and its mirror under a condition of its own leaves
the counter wrong on every path where the condition is false.

:func:`deeper_than_twin` says whether a patch inserts an augmented assignment ``t -= e`` (or
``+=``) whose *twin* ``t += e`` (the inverse update of the same target by the same value) is in
the original source, at a smaller nesting depth (``if``/``for``/``while``/``with``/``try``
statements around it inside its own function) than the inserted one. It ranks with
:func:`.rank_intent.counter_to_constant` in :func:`.overfit.rank_plausible`, before the path
distance. Source: paired operations must be matched on the same paths, the "deviant behaviour"
of Engler, Chen, Hallem, Chou, Chelf ("Bugs as Deviant Behavior", SOSP 2001: a lock whose unlock
is missing on some path); an increment and its decrement are such a pair. Why a reviewer accepts
it on a program never seen: the program's own update says on which paths the counter moves; its
inverse, put under a condition the original update does not have, restores the count on only
some of them. A rank, never a filter.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator

from fixloop.repair.candidate import Candidate

__all__ = ["deeper_than_twin", "paired_updates"]

_NESTING = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith, ast.Try)
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_INVERSE: dict[type, type] = {ast.Add: ast.Sub, ast.Sub: ast.Add}


def _updates(tree: ast.AST) -> Iterator[tuple[ast.AugAssign, int]]:
    """Every augmented assignment and its nesting depth inside its own function (or module)."""

    def walk(node: ast.AST, depth: int) -> Iterator[tuple[ast.AugAssign, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.AugAssign):
                yield child, depth
            if isinstance(child, (*_FUNCS, ast.ClassDef)):
                yield from walk(child, 0)
            elif isinstance(child, _NESTING):
                yield from walk(child, depth + 1)
            elif isinstance(child, ast.stmt):
                yield from walk(child, depth)

    yield from walk(tree, 0)


def _sign(node: ast.AugAssign) -> tuple[str, type, str]:
    return ast.dump(node.target), type(node.op), ast.dump(node.value)


@functools.lru_cache(maxsize=64)  # the judge's sort keys ask again per patch
def paired_updates(source: str) -> list[tuple[tuple[str, type, str], int]] | None:
    """``[(key, depth)]`` of every ``+=``/``-=`` update.

    The key is (target, operator, value), the target and value as dumped syntax. None when the
    source does not parse.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    return [(_sign(u), d) for u, d in _updates(tree) if type(u.op) in _INVERSE]


def deeper_than_twin(cand: Candidate) -> bool:
    """Does the patch add an update whose inverse twin sits less deep in the original?

    Only an update of a (target, operator, value) the original does not have at all (see the
    module docstring). False for a patch of several files, or when a side does not parse.
    """
    if cand.also or not cand.old_source:
        return False
    before, after = paired_updates(cand.old_source), paired_updates(cand.new_source)
    if before is None or after is None:
        return False
    old_keys = {k for k, _ in before}
    for key, depth in after:
        if key in old_keys:
            continue  # not a new update (or one whose added copy cannot be told apart)
        twin = (key[0], _INVERSE[key[1]], key[2])
        depths = [d for k, d in before if k == twin]
        if depths and depth > min(depths):
            return True
    return False
