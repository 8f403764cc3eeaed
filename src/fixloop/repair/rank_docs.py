"""A guard that raises the exception its own function's docstring promises.

A missing guard clause is a common bug (issue 19: ``if not self._items: raise Error(...)``), and
it is often fixed plausibly at two places: in the function the failing test calls and in the
one underneath that every caller goes through (a property setter, a ``_take`` helper), or in a
caller and in the callee. Both pass the visible test; the hidden tests call the *other* path
(a transfer through the same setter, a second public method). The program often says where the
check belongs: a docstring that names the exception ("Set the balance; it never goes below
zero (NotEnoughTokens).", "...; raises Underpaid when that is less than is owed.") is the
function's specification of when it raises.

:func:`documented_raise` says whether a patch adds a ``raise E`` (or ``raise E(...)``) inside a
function whose docstring names ``E`` where the original function raised no ``E``.
:func:`.overfit.rank_plausible` puts such a patch first among patches the traced evidence and the
extra inputs tie, before the size of the diff. Source: comments as specifications, @tComment
(Tan, Marinov, Tan, Leavens, ICST 2012: ``@throws`` comments checked against the code) and
Jdoctor (Blasi, Goffi, Kuznetsov, Gorla, Ernst, Pezzè, Castellanos, ISSTA 2018: exception
clauses of comments turned into procedure specifications used as test oracles). Why a reviewer
accepts it on a program never seen: the docstring is the author's statement of which function
raises; a patch that makes that function keep its documented contract needs no guess about
the callers, while the same guard in another function fits the visible test's one path.
A rank, never a filter.

:func:`drops_documented` reads the same specification the other way: a deleting patch
(:data:`.priors.DELETIONS`: a dropped operand, a deleted statement) that removes from a function
every read of a name its docstring names ("True when open, and no hedge along it *overgrown*"
for ``not self.closed and any(self.overgrown)`` -> ``not self.closed``) deletes what the
function is documented to consider; the rank puts it after patches that keep it, before the
semantic distance of a changed condition (:mod:`.rank_condition`), which prefers the smaller
change of outcomes and so the dropped operand. The removed-functionality patch is the
plausible-but-wrong kind Qi et al. (ISSTA 2015) found most often.
"""

from __future__ import annotations

import ast
import functools
import re
from collections import Counter

from fixloop.repair.candidate import Candidate
from fixloop.repair.priors import DELETIONS

__all__ = ["documented_raise", "drops_documented", "raised_by_function"]

_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def _raised_name(node: ast.Raise) -> str | None:
    exc = node.exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    if isinstance(exc, ast.Name):
        return exc.id
    if isinstance(exc, ast.Attribute):
        return exc.attr
    return None


def _own_nodes(func: ast.AST) -> list[ast.AST]:
    """The nodes of a function's body, not those of functions or classes defined in it."""
    out: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(func))
    while stack:
        node = stack.pop()
        out.append(node)
        if not isinstance(node, (*_FUNCS, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(node))
    return out


@functools.lru_cache(maxsize=64)  # the judge's sort keys ask again per patch
def raised_by_function(source: str) -> dict[str, tuple[str, Counter[str]]] | None:
    """``{qualified name: (docstring, Counter of exception names its own body raises)}``.

    None when the source does not parse.
    """
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    out: dict[str, tuple[str, Counter[str]]] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (*_FUNCS, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if isinstance(child, _FUNCS):
                    raised = Counter(
                        n
                        for r in _own_nodes(child)
                        if isinstance(r, ast.Raise) and (n := _raised_name(r)) is not None
                    )
                    out[name] = (ast.get_docstring(child) or "", raised)
                visit(child, f"{name}.")

    visit(tree, "")
    return out


def documented_raise(cand: Candidate) -> bool:
    """Does the patch add a ``raise E`` to a function whose docstring names ``E``?

    ``E`` named as a word, and the original function raised no ``E``. False for a patch of
    several files, or when either side does not parse.
    """
    if cand.also or not cand.old_source:
        return False
    before, after = raised_by_function(cand.old_source), raised_by_function(cand.new_source)
    if before is None or after is None:
        return False
    for name, (doc, raised) in after.items():
        old = before.get(name)
        if old is None:
            continue
        for exc in raised:
            if old[1][exc] == 0 and re.search(rf"\b{re.escape(exc)}\b", doc):
                return True
    return False


def _reads(func: ast.AST) -> Counter[str]:
    """Names and attribute names a function's own body reads."""
    out: Counter[str] = Counter()
    for n in _own_nodes(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load):
            out[n.id] += 1
        elif isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load):
            out[n.attr] += 1
    return out


def _functions(source: str) -> dict[str, ast.AST] | None:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    out: dict[str, ast.AST] = {}

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (*_FUNCS, ast.ClassDef)):
                name = f"{prefix}{child.name}"
                if isinstance(child, _FUNCS):
                    out[name] = child
                visit(child, f"{name}.")

    visit(tree, "")
    return out


def mentions(doc: str, name: str) -> bool:
    """Does ``doc`` name ``name``: the identifier, or its ``_`` parts as words in a row?

    A plural ``s`` on the last part counts (``overgrown``, ``max_size`` as "max size",
    ``item`` as "items"); a name of one or two letters never counts.
    """
    parts = [p for p in name.lower().split("_") if p]
    if not parts or len(name.strip("_")) <= 2:
        return False
    words = r"\W+".join(re.escape(p) for p in parts)
    return re.search(rf"\b{words}s?\b", doc.lower()) is not None or (
        re.search(rf"\b{re.escape(name)}\b", doc) is not None
    )


def drops_documented(cand: Candidate) -> bool:
    """Does a deleting patch remove every read of a name its function's docstring names?

    Only for the deleting templates (:data:`.priors.DELETIONS`); the name must have been read
    in the function's own body before and not after (:func:`mentions` for the docstring).
    False for a patch of several files, or when either side does not parse.
    """
    if cand.also or not cand.old_source or cand.template not in DELETIONS:
        return False
    before, after = _functions(cand.old_source), _functions(cand.new_source)
    if before is None or after is None:
        return False
    for name, func in before.items():
        new = after.get(name)
        doc = ast.get_docstring(func) or ""  # type: ignore[arg-type]
        if new is None or not doc:
            continue
        old_reads, new_reads = _reads(func), _reads(new)
        if any(new_reads[n] == 0 and mentions(doc, n) for n in old_reads):
            return True
    return False
