r"""Fix templates for kinds seen in real projects' histories (issue 19).

The expression and statement templates (:mod:`.templates_expr`, :mod:`.templates_stmt`) mutate
operators, constants and statements; the bugs kept back from real projects' histories were
mostly of other kinds, each handled here on one suspicious statement:

- ``name-in-scope``: a name that is bound nowhere in scope (a ``NameError`` waiting to happen,
  ``output_path`` where the function has ``output``) becomes a name in scope, most similar first;
  an attribute of ``self`` that the class never sets, likewise among the class's attributes;
- ``attribute-in-scope`` (from a failure's ``AttributeError`` text, :class:`FailureHints`): the
  attribute named there becomes another attribute name of the file, most similar first;
- ``call-add-keyword``: a keyword argument missing from a call of a function of the same file
  (its signature read with :mod:`ast`): a boolean default flipped (``f(x)`` ->
  ``f(x, show_choices=False)``), or a parameter given the variable of the same name in scope;
  library callees are not inspected (their signatures are not known without importing them);
- ``call-move-arg``: an argument given to the wrong one of two nested calls
  (``f(g(a, b))`` <-> ``f(g(a), b)``);
- ``separator-constant``: a separator literal that should be the library's constant (``":"``
  -> ``os.pathsep``, ``"/"`` -> ``os.sep``, ``"\n"`` -> ``os.linesep``), ``import os`` added
  when the file lacks it;
- ``regex-anchor`` / ``regex-widen``: a pattern of a ``re`` call anchored wrongly (``^`` <->
  ``\b``, ``$`` dropped or added, ``match`` <-> ``search``) or too narrow (a character class
  widened by a character the failing tests' literals hold, or a usual one: ``-``, ``_``, ``.``,
  a space; ``+`` <-> ``*``);
- ``none-guard``: a value that may be ``None`` guarded where it is used (``for x in xs`` ->
  ``for x in xs or ()``; ``if v is None: return ...`` before the statement).

:func:`name_mutations` runs them all on one statement (registered in
:func:`fixloop.repair.templates.generate_candidates`); :func:`hints_from_spectrum` reads the
failure texts of the traced run, and :func:`hinted_candidates` gives the candidates only those
texts point at (the engine calls it beside the templates). Sources of the kinds: Madeiral et al.,
"Dissection of a bug dataset: anatomy of 395 patches from Defects4J", SANER 2019 (missing
arguments, wrong variables); Sobreira et al., same; and the issue's own list of the real-history
bugs the engine missed.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from .candidate import Candidate
from .parsecache import file_info, valid
from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, apply_edits, bare, code, guarded

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
_RE_FUNCS = frozenset("compile match search fullmatch findall finditer sub subn split".split())
#: separator literals and the library constant each may have been meant to be
_SEPARATORS: dict[str, tuple[str, ...]] = {
    ":": ("pathsep",),
    ";": ("pathsep",),
    "/": ("sep",),
    "\\": ("sep",),
    "\n": ("linesep",),
}
_SPLIT_JOIN = frozenset(
    "split rsplit join partition rpartition replace startswith endswith".split()
)


@dataclass
class FailureHints:
    """What the failing tests' texts say about the defect (from the traced run).

    Attributes:
        undefined: names a ``NameError`` said were not defined.
        attributes: attribute names an ``AttributeError`` said were missing.
        none_used: a failure text says ``NoneType`` (a ``None`` used as a value).
        chars: characters of the string literals on the failing tests' failing lines (inputs a
            pattern may have to accept).
        not_raised: exception class names a failing ``pytest.raises`` expected and did not get
            (``DID NOT RAISE ValueError``): a missing guard or check.
    """

    undefined: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)
    none_used: bool = False
    chars: set[str] = field(default_factory=set)
    not_raised: set[str] = field(default_factory=set)

    def boost(self, cand: Candidate) -> float:
        """The factor a candidate's score takes from these hints (1.0: none).

        ``RAISE_BOOST`` for a patch that adds a ``raise`` when a failing test's expected
        exception was not raised: the guard and check kinds are the likely fixes then.
        """
        if self.not_raised and cand.new_source.count("raise ") > cand.old_source.count("raise "):
            return RAISE_BOOST
        return 1.0


#: score factor of a patch adding a ``raise`` after a ``DID NOT RAISE`` failure
RAISE_BOOST = 2.0
#: pytest's words, old (``<class 'm.E'>``) and new (``ValueError``), also for a tuple of classes
_NOT_RAISED = re.compile(r"DID NOT RAISE \(?(?:<class ')?(?:[\w.]*\.)?(\w+)")


_NAME_ERR = re.compile(r"NameError: (?:free variable |name )'(\w+)'")
_ATTR_ERR = re.compile(r"AttributeError: .*?has no attribute '(\w+)'")


def hints_from_spectrum(spectrum: Mapping[str, Any]) -> FailureHints:
    """The :class:`FailureHints` of a traced run's failing tests.

    Args:
        spectrum: the traced run's result (:meth:`fixloop.repair.screen.WarmScreener.localize`):
            per test ``outcome``, ``message`` (``"NameError: name 'x' is not defined"``) and
            ``test_line`` (the test's own failing line).

    Returns:
        the hints; empty when no test failed.
    """
    h = FailureHints()
    for d in (spectrum.get("tests") or {}).values():
        if d.get("outcome") != "failed":
            continue
        msg = str(d.get("message", ""))
        h.undefined.update(_NAME_ERR.findall(msg))
        h.attributes.update(_ATTR_ERR.findall(msg))
        h.none_used = h.none_used or "NoneType" in msg
        h.not_raised.update(_NOT_RAISED.findall(msg))
        try:
            tree = ast.parse(str(d.get("test_line", "")).strip())
        except (SyntaxError, ValueError):
            continue
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str):
                h.chars.update(n.value)
    return h


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


# ------------------------------------------------------------------------------ names


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


def undefined_name_mutations(
    fi: FileInfo, node: cst.Name, sc: _Scope, hinted: frozenset[str] = frozenset()
) -> list[Mutation]:
    """An unbound name (or one a ``NameError`` named) replaced by similar names in scope."""
    parent, _ = fi.parent_of(node)
    if isinstance(parent, cst.Attribute) and parent.attr is node:
        return []
    if isinstance(parent, cst.Arg) and parent.keyword is node:
        return []
    if isinstance(parent, (cst.Param, cst.FunctionDef, cst.ClassDef, cst.ImportAlias, cst.AsName)):
        return []
    name = node.value
    line = fi.line_of(node)
    visible, own = _visible(sc, line)
    if name in visible and name not in hinted:
        return []
    if sc.star and name not in hinted:
        return []  # a star import may bind it
    pool = [p for p in (*own, *sc.module) if p not in _BUILTINS]
    out = []
    similar = _most_similar(name, pool)
    for p, s in similar:
        prior = NAME_PRIORS["name-in-scope"] * min(1.0, 0.5 + s / 2)
        out.append(_mutation(fi, node, p, "name-in-scope", f"{name} (unbound) -> {p}", prior))
    funcs = _enclosing(sc, line)
    done = {p for p, _ in similar}
    for p in unread_locals(funcs[-1], line) if funcs else []:
        if p != name and p not in done:
            prior = NAME_PRIORS["name-in-scope"] * 0.8  # bound, never read: a likely meaning
            desc = f"{name} (unbound) -> {p} (bound, never read)"
            out.append(_mutation(fi, node, p, "name-in-scope", desc, prior))
    return out


def unread_locals(func: ast.FunctionDef | ast.AsyncFunctionDef, line: int) -> list[str]:
    """Names ``func`` binds (assignment, loop target, parameter) before ``line`` and never reads.

    A value computed and then never used beside a name that is bound nowhere is the classic
    shape of a renamed variable (``expired = ...`` then ``reversed(old_snapshots)``). In the
    order bound, nearest to ``line`` first; at most three.
    """
    loads = {
        n.id for n in ast.walk(func) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)
    }
    bound: dict[str, int] = {}
    args = func.args
    for a in (*args.posonlyargs, *args.args, *args.kwonlyargs, args.vararg, args.kwarg):
        if a is not None and a.arg not in ("self", "cls"):
            bound.setdefault(a.arg, func.lineno)
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.lineno < line:
            bound.setdefault(n.id, n.lineno)
    unread = [(ln, b) for b, ln in bound.items() if b not in loads and not b.startswith("_")]
    return [b for _, b in sorted(unread, key=lambda t: (-t[0], t[1]))][:3]


def _class_of(sc: _Scope, line: int) -> ast.ClassDef | None:
    best = None
    for c in sc.classes.values():
        if c.lineno <= line <= (c.end_lineno or c.lineno) and (
            best is None or c.lineno > best.lineno
        ):
            best = c
    return best


def self_attribute_mutations(fi: FileInfo, node: cst.Attribute, sc: _Scope) -> list[Mutation]:
    """``self.x`` where the class (no base classes) never sets ``x``: a similar attribute."""
    if not (isinstance(node.value, cst.Name) and node.value.value == "self"):
        return []
    parent, fld = fi.parent_of(node)
    if isinstance(parent, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign)) and fld in (
        "target",
        "",
    ):
        return []
    cls = _class_of(sc, fi.line_of(node))
    if cls is None or cls.bases or cls.keywords or cls.decorator_list:
        return []  # inherited, generated (dataclass) or dynamic attributes: not known here
    have = _bound_in(cls) | {
        n.attr
        for n in ast.walk(cls)
        if isinstance(n, ast.Attribute)
        and isinstance(n.value, ast.Name)
        and n.value.id == "self"
        and isinstance(n.ctx, ast.Store)
    }
    if any(
        isinstance(n, ast.FunctionDef) and n.name in ("__getattr__", "__getattribute__")
        for n in cls.body
    ):
        return []
    attr = node.attr.value
    if attr in have or attr in dir(object):
        return []
    out = []
    for p, s in _most_similar(attr, have):
        prior = NAME_PRIORS["name-in-scope"] * min(1.0, 0.5 + s / 2) * 0.9
        out.append(
            _mutation(
                fi, node.attr, p, "name-in-scope", f"self.{attr} (never set) -> self.{p}", prior
            )
        )
    return out


def hinted_attribute_mutations(
    fi: FileInfo, node: cst.Attribute, sc: _Scope, hints: FailureHints
) -> list[Mutation]:
    """An attribute an ``AttributeError`` named, replaced by similar attribute names of the file."""
    attr = node.attr.value
    if attr not in hints.attributes:
        return []
    out = []
    for p, s in _most_similar(attr, sc.attrs):
        prior = NAME_PRIORS["attribute-in-scope"] * min(1.0, 0.5 + s / 2)
        out.append(
            _mutation(
                fi, node.attr, p, "attribute-in-scope", f".{attr} (AttributeError) -> .{p}", prior
            )
        )
    return out


# ------------------------------------------------------------------------------ calls


def _callee_def(
    sc: _Scope, call: cst.Call, line: int
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, bool] | None:
    """The called function's definition in this file and whether its first parameter is bound."""
    f = call.func
    if isinstance(f, cst.Name):
        if f.value in sc.funcs:
            return sc.funcs[f.value], False
        cls = sc.classes.get(f.value)
        if cls is not None:
            for n in cls.body:
                if isinstance(n, ast.FunctionDef) and n.name == "__init__":
                    return n, True
        return None
    if isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name):
        owner = f.value.value
        cls = _class_of(sc, line) if owner in ("self", "cls") else sc.classes.get(owner)
        if cls is None:
            return None
        for n in cls.body:
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == f.attr.value:
                static = any(
                    isinstance(d, ast.Name) and d.id == "staticmethod" for d in n.decorator_list
                )
                return n, not static and owner in ("self", "cls")
    return None


def _keyword_arg(name: str, value: str) -> cst.Arg:
    return cst.Arg(
        value=cst.parse_expression(value),
        keyword=cst.Name(name),
        equal=cst.AssignEqual(
            whitespace_before=cst.SimpleWhitespace(""), whitespace_after=cst.SimpleWhitespace("")
        ),
    )


def _with_args(call: cst.Call, args: Sequence[cst.Arg]) -> cst.Call:
    """The call with a new argument list, commas tidied."""
    fixed = []
    for i, a in enumerate(args):
        if i == len(args) - 1:
            a = a.with_changes(comma=cst.MaybeSentinel.DEFAULT)
        elif a.comma is cst.MaybeSentinel.DEFAULT:
            a = a.with_changes(comma=cst.Comma(whitespace_after=cst.SimpleWhitespace(" ")))
        fixed.append(a)
    return call.with_changes(args=fixed)


def keyword_mutations(fi: FileInfo, node: cst.Call, sc: _Scope) -> list[Mutation]:
    """A keyword argument the callee (a function of this file) takes, added to the call."""
    line = fi.line_of(node)
    got = _callee_def(sc, node, line)
    if got is None or any(a.star for a in node.args):
        return []
    fn, bound = got
    a = fn.args
    positional = [*a.posonlyargs, *a.args][1 if bound else 0 :]
    n_pos = sum(1 for x in node.args if x.keyword is None)
    given = {x.keyword.value for x in node.args if x.keyword is not None}
    defaults: dict[str, ast.expr | None] = {}
    pos_defaults = [None] * (len([*a.posonlyargs, *a.args]) - len(a.defaults)) + list(a.defaults)
    for prm, d in list(zip([*a.posonlyargs, *a.args], pos_defaults, strict=True))[
        1 if bound else 0 :
    ]:
        if prm in a.posonlyargs:
            continue
        defaults[prm.arg] = d
    for prm, d in zip(a.kwonlyargs, a.kw_defaults, strict=True):
        defaults[prm.arg] = d
    taken = {x.arg for x in positional[:n_pos]} | given
    _, own = _visible(sc, line)
    visible = set(own) | sc.module  # a same-named variable: the caller's own or the module's
    name = code(node.func)
    out: list[Mutation] = []
    for p, d in defaults.items():
        if p in taken:
            continue
        values: list[tuple[str, float]] = []
        if isinstance(d, ast.Constant) and isinstance(d.value, bool):
            values.append((str(not d.value), 1.0))
        if p in visible and p not in _BUILTINS:
            values.append((p, 1.2 if d is None or p in {x.arg for x in a.kwonlyargs} else 1.0))
        for value, w in values:
            new = _with_args(node, [*node.args, _keyword_arg(p, value)])
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-add-keyword",
                    f"{name}(...) gets {p}={value}",
                    NAME_PRIORS["call-add-keyword"] * w,
                )
            )
    return out


def nested_arg_mutations(fi: FileInfo, node: cst.Call) -> list[Mutation]:
    """An argument moved between a call and the call nested as one of its arguments."""
    out: list[Mutation] = []
    args = list(node.args)
    if any(x.star for x in args):
        return []
    name = code(node.func)
    for i, arg in enumerate(args):
        inner = arg.value
        if not isinstance(inner, cst.Call) or arg.keyword is not None:
            continue
        in_args = list(inner.args)
        if any(x.star for x in in_args):
            continue
        inner_name = code(inner.func)
        # the inner call's last argument belongs to the outer call
        if len(in_args) >= 2 or (in_args and len(args) > 1):
            last = in_args[-1]
            moved = _with_args(inner, in_args[:-1])
            new_args = [*args[:i], arg.with_changes(value=moved)]
            rest = args[i + 1 :]
            if last.keyword is None:
                new_args = [*new_args, last, *rest]
            else:
                new_args = [*new_args, *rest, last]
            new = _with_args(node, new_args)
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-move-arg",
                    f"{code(last.value)} moved from {inner_name}() to {name}()",
                    NAME_PRIORS["call-move-arg"],
                )
            )
        # an outer argument after the inner call belongs to the inner call
        for j in range(i + 1, len(args)):
            other = args[j]
            if other.keyword is None:
                if j != i + 1 or any(x.keyword is not None for x in in_args):
                    continue
            grown = _with_args(inner, [*in_args, other])
            new_args = [*args[:i], arg.with_changes(value=grown), *args[i + 1 : j], *args[j + 1 :]]
            new = _with_args(node, new_args)
            out.append(
                _mutation(
                    fi,
                    node,
                    code(bare(new)),
                    "call-move-arg",
                    f"{code(other.value) if other.keyword is None else code(other).rstrip(', ')} "
                    f"moved from {name}() to {inner_name}()",
                    NAME_PRIORS["call-move-arg"],
                )
            )
    return out


# ------------------------------------------------------------------------------ literals


def _literal(node: cst.SimpleString) -> str | None:
    """The string value of a plain (not bytes) literal, or None."""
    if "b" in node.prefix.lower():
        return None
    try:
        value = ast.literal_eval(node.value)
    except (SyntaxError, ValueError):
        return None
    return value if isinstance(value, str) else None


def separator_mutations(fi: FileInfo, node: cst.SimpleString, sc: _Scope) -> list[Mutation]:
    """A separator literal replaced by the ``os`` constant it may stand for."""
    value = _literal(node)
    if value not in _SEPARATORS:
        return []
    parent, _ = fi.parent_of(node)
    grand = fi.parent_of(parent)[0] if parent is not None else None
    context = 0.45
    if isinstance(parent, cst.Arg) and isinstance(grand, cst.Call):
        func = grand.func
        if isinstance(func, cst.Attribute) and func.attr.value in _SPLIT_JOIN:
            context = 1.0
    elif isinstance(parent, cst.Attribute) and parent.attr.value in _SPLIT_JOIN:
        context = 1.0  # ":".join(...)
    elif isinstance(parent, (cst.BinaryOperation, cst.ComparisonTarget, cst.Comparison)):
        context = 0.8
    osname = sc.os_name or "os"
    out = []
    for const in _SEPARATORS[value]:
        edits = [Edit(*fi.span(node), f"{osname}.{const}")]
        if sc.os_name is None:
            edits.append(Edit(sc.import_at, sc.import_at, "import os\n"))
        out.append(
            Mutation(
                tuple(edits),
                "separator-constant",
                f"{node.value} -> {osname}.{const}",
                fi.line_of(node),
                NAME_PRIORS["separator-constant"] * context,
            )
        )
    return out


#: characters a too narrow character class most often lacks
_USUAL_CLASS_CHARS = ("-", "_", ".", " ")


#: a run of character classes (not negated), each with an optional quantifier: ``[A-Z_][A-Z0-9]*``
_CLASS_RUN = re.compile(r"(?:(?<!\\)\[(?!\^)(?:\\.|[^\]\\])+\][*+?]?)+")


_FROM_SIBLING = " (as another pattern of the module)"


def pattern_variants(
    body: str, raw: bool, extra_chars: Iterable[str] = (), siblings: Sequence[str] = ()
) -> list[tuple[str, str, str]]:
    r"""Variants of a regular expression's source text: ``(template, new body, description)``.

    Args:
        body: the literal's text between its quotes, as written.
        raw: the literal is a raw string (``\b`` is written ``\b``, else ``\\b``).
        extra_chars: characters a widened character class should accept (the failing tests'
            inputs), tried before the usual ones.
        siblings: the bodies of the module's other patterns; a run of character classes of
            theirs (``[A-Za-z_][A-Za-z0-9_]*``, the module's own spelling of a name) may replace
            a run of this one (the plastic-surgery ingredient for a too narrow class).

    Returns:
        anchors swapped, dropped or added, character classes widened, ``+`` <-> ``*``; each
        different from ``body``.
    """
    bs = "\\" if raw else "\\\\"
    wb = bs + "b"
    out: list[tuple[str, str, str]] = []

    def add(template: str, new: str, desc: str) -> None:
        if new != body and all(new != o[1] for o in out):
            out.append((template, new, desc))

    if body.startswith("^"):
        add("regex-anchor", wb + body[1:], "'^' -> word boundary")
        add("regex-anchor", body[1:], "drop '^'")
    elif body.startswith(wb):
        add("regex-anchor", "^" + body[len(wb) :], "word boundary -> '^'")
    else:
        add("regex-anchor", "^" + body, "anchor at '^'")
    if body.endswith("$") and not body.endswith(bs + "$"):
        add("regex-anchor", body[:-1] + wb, "'$' -> word boundary")
        add("regex-anchor", body[:-1], "drop '$'")
    elif not body.endswith(wb):
        add("regex-anchor", body + "$", "anchor at '$'")
    # character classes: [...] not negated, widened by one character
    wanted = [c for c in extra_chars if c.isprintable() and not c.isalnum()]
    for m in re.finditer(r"(?<!\\)\[(?!\^)((?:\\.|[^\]\\])+)\]", body):
        inner = m.group(1)
        tried = 0
        for c in [*dict.fromkeys([*wanted, *_USUAL_CLASS_CHARS])]:
            if tried >= 4:
                break
            has = (
                inner[:1] == "-" or inner[-1:] == "-" or "\\-" in inner if c == "-" else c in inner
            )
            if has:  # a '-' inside the class is a range, not the character
                continue
            lit = (bs + c) if c in "-]\\^" else c
            new_inner = inner + lit
            add(
                "regex-widen",
                body[: m.start(1)] + new_inner + body[m.end(1) :],
                f"character class [{inner}] accepts {c!r}",
            )
            tried += 1
        if "a-z" in inner and "A-Z" not in inner:
            add(
                "regex-widen",
                body[: m.start(1)] + inner + "A-Z" + body[m.end(1) :],
                f"[{inner}] accepts A-Z",
            )
    # a class run replaced by a run the module's other patterns use (widest first: longest)
    runs = {r.group(0) for sib in siblings for r in _CLASS_RUN.finditer(sib)}
    for m in _CLASS_RUN.finditer(body):
        for run in sorted(runs - {m.group(0)}, key=lambda r: (-len(r), r))[:3]:
            if run[-1:] not in "*+?" and m.group(0)[-1:] in "*+?":
                continue  # a single character for a repeated one: narrower
            add(
                "regex-widen",
                body[: m.start()] + run + body[m.end() :],
                f"{m.group(0)} -> {run}{_FROM_SIBLING}",
            )
    # \w / \d alone widened to a class with '-' or '.'
    for token, extra in ((bs + "w", "-"), (bs + "d", ".")):
        k = body.find(token)
        if k >= 0 and not body[:k].endswith("["):
            add(
                "regex-widen",
                body[:k] + f"[{token}{bs}{extra}]" + body[k + len(token) :],
                f"{token} accepts {extra!r}",
            )
    for a, b in (("+", "*"), ("*", "+")):
        k = body.find(a)
        if k > 0 and body[k - 1] != "\\":
            add("regex-widen", body[:k] + b + body[k + 1 :], f"'{a}' -> '{b}'")
    return out


def module_patterns(fi: FileInfo, sc: _Scope) -> list[str]:
    """The bodies (text between the quotes) of the module's ``re`` calls' literal patterns."""
    out: list[str] = []
    for call in fi.calls:
        f = call.func
        if not (
            isinstance(f, cst.Attribute)
            and isinstance(f.value, cst.Name)
            and f.value.value == sc.re_name
            and f.attr.value in _RE_FUNCS
            and call.args
            and isinstance(call.args[0].value, cst.SimpleString)
        ):
            continue
        pat = call.args[0].value
        body = pat.value[len(pat.prefix) + len(pat.quote) : len(pat.value) - len(pat.quote)]
        if body not in out:
            out.append(body)
    return out


def regex_mutations(
    fi: FileInfo, node: cst.Call, sc: _Scope, hints: FailureHints | None = None
) -> list[Mutation]:
    """The pattern of a ``re`` call anchored or widened; ``match`` <-> ``search``."""
    f = node.func
    if not (
        isinstance(f, cst.Attribute)
        and isinstance(f.value, cst.Name)
        and sc.re_name is not None
        and f.value.value == sc.re_name
        and f.attr.value in _RE_FUNCS
        and node.args
    ):
        return []
    out: list[Mutation] = []
    pat = node.args[0].value
    if isinstance(pat, cst.SimpleString) and _literal(pat) is not None:
        quote = pat.quote
        prefix = pat.prefix
        body = pat.value[len(prefix) + len(quote) : len(pat.value) - len(quote)]
        chars = sorted(c for c in (hints.chars if hints is not None else ()) if not c.isalnum())
        raw = "r" in prefix.lower()
        siblings = [b for b in module_patterns(fi, sc) if b != body]
        for template, new_body, desc in pattern_variants(body, raw, chars, siblings):
            text = f"{prefix}{quote}{new_body}{quote}"
            try:
                re.compile(ast.literal_eval(text))
            except (re.error, SyntaxError, ValueError):
                continue
            w = 1.2 if template == "regex-widen" and any(repr(c) in desc for c in chars) else 1.0
            if desc.endswith(_FROM_SIBLING):
                # the module's own spelling of the thing, not a guess fitted to one input: it
                # ranks before a class widened by just the character a failing test needs
                w = 1.3
            out.append(
                _mutation(
                    fi,
                    pat,
                    text,
                    template,
                    f"pattern {pat.value}: {desc}",
                    NAME_PRIORS[template] * w,
                )
            )
    swap = {"match": "search", "search": "match", "fullmatch": "search"}.get(f.attr.value)
    if swap:
        out.append(
            _mutation(
                fi,
                f.attr,
                swap,
                "regex-anchor",
                f"re.{f.attr.value} -> re.{swap}",
                NAME_PRIORS["regex-anchor"],
            )
        )
    return out


# ------------------------------------------------------------------------------ None guards


def none_guard_mutations(
    fi: FileInfo, st: StmtInfo, sc: _Scope, boost: float = 1.0
) -> list[Mutation]:
    """A value that may be ``None`` guarded where the statement uses it.

    ``for x in v`` -> ``for x in v or ()``; and for a parameter or local ``v`` the statement
    reads through an attribute, an index or ``len(v)``: ``if v is None: return <default>``
    inserted before the statement (``return`` alone when the function returns no value).
    """
    out: list[Mutation] = []
    node = st.node
    prior = NAME_PRIORS["none-guard"] * boost
    if isinstance(node, cst.For) and isinstance(node.iter, (cst.Name, cst.Attribute)):
        s, e = fi.span(node.iter)
        out.append(
            Mutation(
                (Edit(s, e, f"{fi.source[s:e]} or ()"),),
                "none-guard",
                f"for ... in {fi.source[s:e]} or ()",
                st.start,
                prior,
            )
        )
    if not st.alone or st.func is None:
        return out
    funcs = _enclosing(sc, st.start)
    if not funcs:
        return out
    fn = funcs[-1]
    local = sc.bound_in(fn) - {"self", "cls"}
    used: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Attribute(self, n: cst.Attribute) -> None:
            if isinstance(n.value, cst.Name):
                used.append(n.value.value)

        def visit_Subscript(self, n: cst.Subscript) -> None:
            if isinstance(n.value, cst.Name):
                used.append(n.value.value)

        def visit_Call(self, n: cst.Call) -> None:
            if isinstance(n.func, cst.Name) and n.func.value == "len" and n.args:
                v = n.args[0].value
                if isinstance(v, cst.Name):
                    used.append(v.value)

        def visit_IndentedBlock(self, n: cst.IndentedBlock) -> bool:
            return False

    node.visit(V())
    returns_value = any(isinstance(n, ast.Return) and n.value is not None for n in ast.walk(fn))
    body = "return None" if returns_value else "return"
    indent = fi.indent_of_line(st.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    pos = fi.line_starts[st.start - 1]
    for v in dict.fromkeys(u for u in used if u in local):
        text = f"{indent}if {v} is None:\n{indent}{step}{body}\n"
        out.append(
            Mutation(
                (Edit(pos, pos, text),),
                "none-guard",
                f"insert 'if {v} is None: {body}' before line {st.start}",
                st.start,
                prior,
            )
        )
    return out[:4]


# ------------------------------------------------------------------------------ entry points


def name_mutations(
    fi: FileInfo, st: StmtInfo, line: int | None = None, hints: FailureHints | None = None
) -> list[Mutation]:
    """Every template of this module on one statement's header (bodies left out).

    Args:
        fi: the file.
        st: the suspicious statement.
        line: for a header over several lines, only the nodes starting on that line.
        hints: the failing tests' texts (:func:`hints_from_spectrum`); None: the templates that
            need none.

    Returns:
        the mutations (each template guarded: one that raises costs only its own).
    """
    sc = _scope(fi)
    if sc is None:
        return []
    hinted = frozenset(hints.undefined) if hints is not None else frozenset()
    nodes = [n for n in fi.header_nodes(st) if n in fi.positions]
    if line is not None and st.header_end > st.start:
        nodes = [n for n in nodes if fi.line_of(n) == line]
    out: list[Mutation] = []
    for n in nodes:
        if isinstance(n, cst.Name):
            out.extend(guarded(fi, undefined_name_mutations, fi, n, sc, hinted))
        elif isinstance(n, cst.Attribute):
            out.extend(guarded(fi, self_attribute_mutations, fi, n, sc))
            if hints is not None:
                out.extend(guarded(fi, hinted_attribute_mutations, fi, n, sc, hints))
        elif isinstance(n, cst.Call):
            out.extend(guarded(fi, keyword_mutations, fi, n, sc))
            out.extend(guarded(fi, nested_arg_mutations, fi, n))
            out.extend(guarded(fi, regex_mutations, fi, n, sc, hints))
        elif isinstance(n, cst.SimpleString):
            out.extend(guarded(fi, separator_mutations, fi, n, sc))
    boost = 2.0 if hints is not None and hints.none_used else 1.0
    out.extend(guarded(fi, none_guard_mutations, fi, st, sc, boost))
    return out


def hinted_candidates(
    source: str, path: str, suspicious: Mapping[int, float], hints: FailureHints, *, limit: int = 60
) -> list[Candidate]:
    """Candidates only the failing tests' texts point at, for one file's suspicious lines.

    The mutations of :func:`name_mutations` with ``hints`` that the hint-free run (the one
    :func:`fixloop.repair.templates.generate_candidates` makes) does not make: attributes an
    ``AttributeError`` named, names a ``NameError`` named, character classes widened by the
    failing inputs' characters, ``None`` guards after a ``NoneType`` failure (ranked higher).

    Args:
        source: the file's text.
        path: its path (copied into each candidate).
        suspicious: 1-based line -> suspiciousness.
        hints: from :func:`hints_from_spectrum`.
        limit: most candidates returned.

    Returns:
        candidates (``score`` = suspiciousness x prior), best first; empty without hints.
    """
    patterns = bool(hints.chars) and re.search(r"^\s*import re\b", source, re.MULTILINE)
    if not (hints.undefined or hints.attributes or patterns or hints.none_used):
        return []
    try:
        fi = file_info(source, path, focus=[ln for ln, s in suspicious.items() if s > 0])
    except Exception:  # noqa: BLE001 - a file the templates cannot read gives nothing here
        return []
    plain: set[str] = set()
    scored: list[tuple[float, Mutation]] = []
    done: set[int] = set()
    for line, susp in sorted(suspicious.items(), key=lambda t: -t[1])[:60]:
        st = fi.stmt_at(line)
        if st is None or susp <= 0 or id(st.node) in done:
            continue
        done.add(id(st.node))
        for m in name_mutations(fi, st, None, None):
            plain.add(apply_edits(source, m.edits))
        for m in name_mutations(fi, st, None, hints):
            scored.append((susp * m.prior, m))
    scored.sort(key=lambda t: -t[0])
    out: list[Candidate] = []
    seen = {source}
    for score, m in scored:
        new = apply_edits(source, m.edits)
        boosted = m.template == "none-guard" and hints.none_used
        if new in seen or (new in plain and not boosted) or not valid(fi, new, m.edits):
            continue
        seen.add(new)
        out.append(Candidate(path, new, m.template, m.description, m.line, m.prior, score, source))
        if len(out) >= limit:
            break
    return out
