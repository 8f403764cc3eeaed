"""Unfilled collections: a container the code reads but nothing ever fills, a rank among patches.

A collection that is created empty, then queried (``key in self._cache``, ``self._cache[key]``,
``for x in seen``) but never added to anywhere (no item store, no ``add``/``append``/``update``
call, never handed to other code) is a classic defect: every query answers "absent", the code
behind a hit is dead. IntelliJ IDEA's inspection "Mismatched query and update of collection"
("contents of collection are queried but never updated") and FindBugs' UWF_UNWRITTEN_FIELD
("field is never written; all reads return the default", Hovemeyer and Pugh, "Finding bugs is
easy", OOPSLA 2004 Companion) report it. Issue 19's missing-statement kinds are mostly this: a
cache that is looked up but never stored to, a ``seen`` set that is tested but never added to.

Among plausible patches, one that leaves fewer such collections than the original fills the
container the code already expects to be filled; one that adds such a collection (deleting the
only ``append``) empties code that was live. :func:`.overfit.rank_plausible` ranks by the change
before the behaviour distance of the passing tests: an inserted ``self._zones[key] = zone`` is a
new line the passing tests run (a path change of a few per cent) while an overfitting
``self.lookups = 0`` -> ``-1`` edits a line in place, yet only the first makes the
``if key in self._zones`` branch reachable. Why a reviewer accepts it on a program never seen:
the evidence is the program's own reads of the container, stated by the code before any test
ran; the count is after minus before, so a project's existing anomalies weigh nothing.

Only names and ``self`` attributes bound to an empty container literal or call (``{}``, ``[]``,
``set()``, ``dict()``, ``list()``, ``deque()``, ``defaultdict(...)``, ``Counter()``,
``OrderedDict()``) count, and only when every other use of the name is a query (subscript load,
``in``/``not in``, a read-only method, iteration, ``len``/``bool``-like builtins, truth test): any
other use (a mutating call, an item store, an argument to another call, an alias) counts as a
fill. Standard library only.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Any

__all__ = ["candidate_unfilled", "unfilled_collections"]

#: calls that make an empty container
_EMPTY_CALLS = frozenset(
    {"set", "dict", "list", "deque", "defaultdict", "Counter", "OrderedDict", "frozenset"}
)
#: methods that only read a container
_READ_METHODS = frozenset({"get", "keys", "values", "items", "copy", "count", "index"})
#: builtins whose argument is only read
_READ_BUILTINS = frozenset({"len", "bool", "sorted", "list", "tuple", "set", "any", "all", "sum"})


def _is_empty(value: ast.expr | None) -> bool:
    if isinstance(value, ast.Dict):
        return not value.keys
    if isinstance(value, (ast.List, ast.Set, ast.Tuple)):
        return isinstance(value, (ast.List, ast.Set)) and not value.elts
    if isinstance(value, ast.Call):
        f = value.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        if name not in _EMPTY_CALLS:
            return False
        # defaultdict(list) is empty; set(xs) or list(xs) is not
        return name == "defaultdict" or not value.args
    return False


def _key(node: ast.AST, attrs: bool) -> str | None:
    """The tracked name of a node: ``self.X`` -> ``X`` (``attrs``), a plain name -> itself."""
    if attrs:
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
        ):
            return node.attr
        return None
    return node.id if isinstance(node, ast.Name) else None


def _use(node: ast.AST, parent: ast.AST | None, grand: ast.AST | None) -> str:
    """How one occurrence is used: ``"read"``, ``"bind"`` (an assignment target) or ``"fill"``."""
    if isinstance(parent, (ast.Assign, ast.AnnAssign)) and node in (
        getattr(parent, "targets", None) or [getattr(parent, "target", None)]
    ):
        return "bind"
    if isinstance(parent, ast.Subscript) and parent.value is node:
        return "read" if isinstance(parent.ctx, ast.Load) else "fill"
    if isinstance(parent, ast.Compare) and node in parent.comparators:
        i = parent.comparators.index(node)  # type: ignore[arg-type]
        return "read" if isinstance(parent.ops[i], (ast.In, ast.NotIn)) else "fill"
    if isinstance(parent, ast.Attribute) and parent.value is node:
        if isinstance(grand, ast.Call) and grand.func is parent:
            return "read" if parent.attr in _READ_METHODS else "fill"
        return "fill"
    if isinstance(parent, ast.Call) and node in parent.args:
        f = parent.func
        return "read" if isinstance(f, ast.Name) and f.id in _READ_BUILTINS else "fill"
    if isinstance(parent, (ast.For, ast.comprehension)) and getattr(parent, "iter", None) is node:
        return "read"
    if isinstance(parent, (ast.If, ast.While, ast.IfExp)) and getattr(parent, "test", None) is node:
        return "read"
    if isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
        return "read"
    if isinstance(parent, ast.BoolOp):
        return "read" if not isinstance(grand, (ast.Return, ast.Assign)) else "fill"
    return "fill"  # returned, aliased, augmented, handed on: someone else may fill it


def _scope_unfilled(scope: ast.AST, attrs: bool) -> int:
    """Names of one scope bound only to empty containers, read, and never filled (see above)."""
    parents: dict[int, ast.AST] = {}
    for node in ast.walk(scope):
        for child in ast.iter_child_nodes(node):
            parents[id(child)] = node
    empty: set[str] = set()
    other_bind: set[str] = set()
    reads: set[str] = set()
    fills: set[str] = set()
    for node in ast.walk(scope):
        name = _key(node, attrs)
        if name is None:
            continue
        parent = parents.get(id(node))
        use = _use(node, parent, parents.get(id(parent)) if parent is not None else None)
        if use == "bind":
            value = getattr(parent, "value", None)
            (empty if _is_empty(value) else other_bind).add(name)
        elif use == "read":
            reads.add(name)
        else:
            fills.add(name)
    return len((empty & reads) - other_bind - fills)


@lru_cache(maxsize=256)
def unfilled_collections(source: str) -> int:
    """How many collections of a module are read but never filled (see the module docstring).

    Per class, the ``self`` attributes over all its methods; per function, its plain names
    (a nested function counted in its own and in its enclosing function's scope).

    Args:
        source: a Python module's text.

    Returns:
        the count (0 for text that does not parse: no evidence either way).
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return 0
    total = 0
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef):
            total += _scope_unfilled(node, attrs=True)
    for node in tree.body:
        for fn in ast.walk(node):
            if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                total += _scope_unfilled(fn, attrs=False)
    return total


def candidate_unfilled(candidate: Any) -> int:
    """The change in unfilled collections a candidate patch makes, over its files.

    Args:
        candidate: a :class:`~fixloop.repair.candidate.Candidate` (``old_source``,
            ``new_source`` and ``also``).

    Returns:
        after minus before, summed over the candidate's files: negative when the patch fills a
        container the code reads, positive when it leaves one unfilled.
    """
    total = 0
    for c in (candidate, *getattr(candidate, "also", ())):
        total += unfilled_collections(c.new_source) - unfilled_collections(
            c.old_source or c.new_source
        )
    return total
