"""What the real-history templates share: their priors and the names in scope (from :mod:`ast`).

Split out of :mod:`.templates_names`: ``NAME_PRIORS``, the file's scope model (:class:`_Scope`:
module names, functions, classes, attribute names, ``os``/``re`` imports; cached per file),
the names visible at a line, and :func:`similarity` of identifiers (``difflib`` ratio plus shared
words and prefixes).
"""

from __future__ import annotations

import ast
import builtins
import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation

#: Each template's prior plausibility (the engine ranks by suspiciousness x prior).
NAME_PRIORS: dict[str, float] = {
    "name-in-scope": 0.95,  # an unbound name is a certain defect; the nearest name a likely fix
    "attribute-in-scope": 0.75,
    "call-add-keyword": 0.5,
    "call-move-arg": 0.45,
    "separator-constant": 0.45,
    "regex-anchor": 0.55,
    "regex-widen": 0.5,
    "none-guard": 0.35,
}
#: At most this many replacement names per unbound name or attribute.
MAX_NAMES = 5
_BUILTINS = frozenset(dir(builtins)) | {
    "__name__",
    "__file__",
    "__doc__",
    "__spec__",
    "__package__",
    "__loader__",
    "__builtins__",
    "__path__",
    "__dict__",
    "__class__",
    "__annotations__",
    "__all__",
    "__version__",
}
# ------------------------------------------------------------------------------ scope


@dataclass
class _Scope:
    """What the file binds, from :mod:`ast` on the whole source (never blanked)."""

    module: set[str]
    star: bool
    funcs: dict[str, ast.FunctionDef | ast.AsyncFunctionDef]
    classes: dict[str, ast.ClassDef]
    all_funcs: list[ast.FunctionDef | ast.AsyncFunctionDef]
    attrs: set[str]
    os_name: str | None
    re_name: str | None
    import_at: int  # character offset where ``import os`` would go
    all_classes: list[ast.ClassDef] = field(default_factory=list)
    bound: dict[int, set[str]] = field(default_factory=dict)  # id(def or class) -> its names

    def bound_in(self, node: ast.AST) -> set[str]:
        """:func:`_bound_in`, cached."""
        got = self.bound.get(id(node))
        if got is None:
            got = self.bound[id(node)] = _bound_in(node)
        return got


_SCOPES: dict[int, tuple[str, _Scope]] = {}


def _bound_in(node: ast.AST) -> set[str]:
    """Every name a function or module body binds anywhere (an over-approximation)."""
    out: set[str] = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del):
            out.add(n.id)
        elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            out.add(n.name)
        elif isinstance(n, ast.arg):
            out.add(n.arg)
        elif isinstance(n, ast.alias):
            out.add((n.asname or n.name).split(".")[0])
        elif isinstance(n, ast.ExceptHandler) and n.name:
            out.add(n.name)
        elif isinstance(n, ast.Global | ast.Nonlocal):
            out.update(n.names)
        elif isinstance(n, ast.MatchAs | ast.MatchStar) and n.name:
            out.add(n.name)
        elif isinstance(n, ast.MatchMapping) and n.rest:
            out.add(n.rest)
    return out


def _module_bound(tree: ast.Module) -> set[str]:
    """Names bound at module level (function and class bodies left out)."""
    out: set[str] = set()

    def visit(body: Iterable[ast.stmt]) -> None:
        for st in body:
            if isinstance(st, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                out.add(st.name)
                continue
            for n in ast.walk(st):
                if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store | ast.Del):
                    out.add(n.id)
                elif isinstance(n, ast.alias):
                    out.add((n.asname or n.name).split(".")[0])
                elif isinstance(n, ast.ExceptHandler) and n.name:
                    out.add(n.name)
                elif isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                    out.add(n.name)
                elif isinstance(n, ast.arg):
                    out.add(n.arg)  # a lambda's parameters (an over-approximation)

    visit(tree.body)
    return out


def _scope(fi: FileInfo) -> _Scope | None:
    got = _SCOPES.get(id(fi))
    if got is not None and got[0] is fi.source:
        return got[1]
    try:
        tree = ast.parse(fi.source)
    except (SyntaxError, ValueError):
        return None
    star = any(
        isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names)
        for n in ast.walk(tree)
    )
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    all_funcs = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    attrs = {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    os_name = re_name = None
    last_import = 0
    for st in tree.body:
        if isinstance(st, ast.Import):
            for a in st.names:
                if a.name == "os":
                    os_name = a.asname or "os"
                if a.name == "re":
                    re_name = a.asname or "re"
        if isinstance(st, ast.Import | ast.ImportFrom):
            last_import = st.end_lineno or st.lineno
        elif (
            not last_import
            and isinstance(st, ast.Expr)
            and isinstance(st.value, ast.Constant)
            and isinstance(st.value.value, str)
        ):
            last_import = st.end_lineno or st.lineno  # after the module docstring
    import_at = fi.line_starts[min(last_import, len(fi.lines))]
    sc = _Scope(
        module=_module_bound(tree),
        star=star,
        funcs=funcs,
        classes=classes,
        all_funcs=all_funcs,
        attrs=attrs,
        os_name=os_name,
        re_name=re_name,
        import_at=import_at,
        all_classes=[n for n in ast.walk(tree) if isinstance(n, ast.ClassDef)],
    )
    _SCOPES.clear()  # one file at a time
    _SCOPES[id(fi)] = (fi.source, sc)
    return sc


def _enclosing(sc: _Scope, line: int) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The functions whose lines hold ``line``, outermost first."""
    out = [f for f in sc.all_funcs if f.lineno <= line <= (f.end_lineno or f.lineno)]
    return sorted(out, key=lambda f: f.lineno)


def similarity(a: str, b: str) -> float:
    """How alike two identifiers are, in [0, 1.5].

    ``difflib`` ratio, plus 0.3 when they share a ``_``-separated word and 0.2 when one starts
    with the other (``output_path`` and ``output``: 0.71 + 0.3 + 0.2).
    """
    s = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio()
    if set(a.lower().split("_")) & set(b.lower().split("_")) - {""}:
        s += 0.3
    if a.startswith(b) or b.startswith(a):
        s += 0.2
    return s


def _most_similar(
    name: str, pool: Iterable[str], limit: int = MAX_NAMES
) -> list[tuple[str, float]]:
    scored = [(similarity(name, p), p) for p in set(pool) if p != name and not p.startswith("__")]
    scored = [(s, p) for s, p in scored if s >= 0.35]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [(p, s) for s, p in scored[:limit]]


def _mutation(
    fi: FileInfo, node: cst.CSTNode, text: str, template: str, desc: str, prior: float
) -> Mutation:
    s, e = fi.span(node)
    return Mutation((Edit(s, e, text),), template, desc, fi.line_of(node), prior)


def _visible(sc: _Scope, line: int) -> tuple[set[str], list[str]]:
    """(every name visible at ``line``, the enclosing functions' own names nearest first)."""
    funcs = _enclosing(sc, line)
    own: list[str] = []
    for f in reversed(funcs):
        own.extend(sorted(sc.bound_in(f) - set(own)))
    classes: set[str] = set()
    for c in sc.all_classes:
        if c.lineno <= line <= (c.end_lineno or c.lineno):
            classes |= sc.bound_in(c)  # class-level names (defaults, class bodies)
    return set(own) | classes | sc.module | _BUILTINS, own


def _class_of(sc: _Scope, line: int) -> ast.ClassDef | None:
    best = None
    for c in sc.classes.values():
        if c.lineno <= line <= (c.end_lineno or c.lineno) and (
            best is None or c.lineno > best.lineno
        ):
            best = c
    return best
