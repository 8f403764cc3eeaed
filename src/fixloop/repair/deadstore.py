"""Dead stores: names a function binds and never reads, a tie-breaker among plausible patches.

A value computed into a local variable and never read is a classic sign of a bug (pyflakes'
F841 "local variable is assigned to but never used"; FindBugs' DLS_DEAD_LOCAL_STORE), and so is
a parameter the function ignores (pylint's W0613 unused-argument). When two plausible patches
pass the same tests, the one that leaves fewer of them is more likely the intended fix:
``hours = minutes / 60; return distance / minutes`` is fixed by reading ``hours``, not by
turning ``/`` into ``+`` (both pass ``average_speed(30, 30) == 60``); and
``age >= 21 or has_license`` by ``and``, not by dropping ``has_license`` (a deletion that
leaves a parameter unread: the overfitting deletions of Qi et al., ISSTA 2015). Only the change
a patch makes counts (after minus before), so a project's existing unused names weigh nothing.

Used by the engine's ordering of plausible patches (:mod:`fixloop.repair.engine`,
:func:`fixloop.repair.overfit.rank_plausible`) after the behaviour comparison and the
extra-input agreement, before the patch size. Standard library only.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any

__all__ = ["candidate_dead_stores", "dead_stores"]


def _function_dead_stores(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """How many names ``fn`` binds (assignment or parameter) and never loads.

    Nested scopes are included (a name read in a nested function or lambda counts as read).
    Left out: names starting with ``_``, ``self`` and ``cls``, ``*args``/``**kwargs``, names
    declared ``global``/``nonlocal``, and augmented assignments (``n += 1`` reads ``n``).
    """
    a = fn.args
    stored: set[str] = {
        p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs) if p.arg not in ("self", "cls")
    }
    loaded: set[str] = set()
    declared: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, (ast.Global, ast.Nonlocal)):
            declared.update(node.names)
        elif isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load):
                loaded.add(node.id)
            elif isinstance(node.ctx, ast.Store):
                stored.add(node.id)
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            loaded.add(node.target.id)
    return sum(1 for n in stored - loaded - declared if not n.startswith("_"))


@lru_cache(maxsize=256)
def dead_stores(source: str) -> int:
    """The number of dead local stores over every function of a module's source.

    Args:
        source: a Python module's text.

    Returns:
        the count (0 for text that does not parse: it then gives no evidence either way).
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return 0
    return sum(
        _function_dead_stores(node)
        for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
    )


def candidate_dead_stores(candidate: Any) -> int:
    """The change in dead stores a candidate patch makes, over its files.

    Args:
        candidate: a :class:`~fixloop.repair.candidate.Candidate` (``old_source``,
            ``new_source`` and ``also``, the further files applied with it).

    Returns:
        dead stores after minus before, summed over the candidate's files: negative when the
        patch puts a computed but unread value to use, positive when it leaves a new one.
    """
    total = 0
    for c in (candidate, *getattr(candidate, "also", ())):
        total += dead_stores(c.new_source) - dead_stores(c.old_source or c.new_source)
    return total
