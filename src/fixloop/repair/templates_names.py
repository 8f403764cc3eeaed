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

The scope model and the priors live in :mod:`.templates_scope`, the two call kinds in
:mod:`.templates_keywords`, the separator and regex kinds in :mod:`.templates_patterns`.
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
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import libcst as cst

from .candidate import Candidate
from .parsecache import file_info, valid
from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, apply_edits, guarded
from .templates_keywords import keyword_mutations, nested_arg_mutations
from .templates_lines import _loop_around, inserted
from .templates_patterns import (
    fstring_separator_mutations,
    regex_mutations,
    separator_mutations,
)
from .templates_patterns import pattern_variants as pattern_variants
from .templates_positions import header_nodes_on
from .templates_scope import (
    _BUILTINS,
    NAME_PRIORS,
    _bound_in,
    _class_of,
    _enclosing,
    _most_similar,
    _mutation,
    _Scope,
    _scope,
    _visible,
)
from .templates_scope import similarity as similarity


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
        literals: the string literals themselves (at most 40 characters each), in order: a
            pattern's repeat count may have to cover a run they hold.
    """

    undefined: set[str] = field(default_factory=set)
    attributes: set[str] = field(default_factory=set)
    none_used: bool = False
    chars: set[str] = field(default_factory=set)
    not_raised: set[str] = field(default_factory=set)
    literals: list[str] = field(default_factory=list)

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
                if len(n.value) <= 40 and n.value not in h.literals:
                    h.literals.append(n.value)
    return h


# ------------------------------------------------------------------------------ names


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
            done.add(p)
            prior = NAME_PRIORS["name-in-scope"] * 0.8  # bound, never read: a likely meaning
            desc = f"{name} (unbound) -> {p} (bound, never read)"
            out.append(_mutation(fi, node, p, "name-in-scope", desc, prior))
    for p in nearby_reads(funcs[-1], line) if funcs else []:
        if p != name and p not in done and p not in _BUILTINS:
            prior = NAME_PRIORS["name-in-scope"] * 0.6  # read by the mirrored branch
            desc = f"{name} (unbound) -> {p} (read by the other branch)"
            out.append(_mutation(fi, node, p, "name-in-scope", desc, prior))
    return out


def nearby_reads(
    func: ast.FunctionDef | ast.AsyncFunctionDef, line: int, limit: int = 3
) -> list[str]:
    """Names of ``func``'s own that the other branch of the ``if`` around ``line`` reads.

    An unbound name that resembles nothing in scope (``target`` where the function's goal is
    ``goal``) in one branch of an ``if``/``else`` most often stands for a value the mirrored
    branch computes with (``goal - temp`` beside the broken ``temp - target``). Names read on
    ``line`` itself are left out; in the order the other branch reads them.
    """
    own = _bound_in(func)
    on_line: set[str] = set()
    other: list[ast.stmt] = []
    for n in ast.walk(func):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.lineno == line:
            on_line.add(n.id)
        if isinstance(n, ast.If) and n.body and n.orelse:
            for here, there in ((n.body, n.orelse), (n.orelse, n.body)):
                lo, hi = here[0].lineno, here[-1].end_lineno or here[-1].lineno
                if lo <= line <= hi:
                    other = there  # the innermost if wins: ast.walk goes outside in
    out: list[str] = []
    for st in other:
        for n in ast.walk(st):
            if (
                isinstance(n, ast.Name)
                and isinstance(n.ctx, ast.Load)
                and n.id in own
                and n.id not in on_line
                and n.id not in ("self", "cls")
                and n.id not in out
            ):
                out.append(n.id)
    return out[:limit]


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


# ------------------------------------------------------------------------------ None guards


def none_guard_mutations(
    fi: FileInfo, st: StmtInfo, sc: _Scope, boost: float = 1.0
) -> list[Mutation]:
    """A value that may be ``None`` guarded where the statement uses it.

    ``for x in v`` -> ``for x in v or ()``; a loop variable the statement reads skipped when it
    is ``None`` (:func:`loop_none_skips`); and for a parameter or local ``v`` the statement
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
    out.extend(loop_none_skips(fi, st, prior))
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
            inserted(
                pos,
                text,
                "none-guard",
                f"insert 'if {v} is None: {body}' before line {st.start}",
                st.start,
                prior,
            )
        )
    return out[:4]


def loop_none_skips(fi: FileInfo, st: StmtInfo, prior: float) -> list[Mutation]:
    """``if v is None: continue`` at the top of the ``for`` loop around ``st``.

    For each name ``v`` of the loop's target that ``st`` reads (a simple statement, or the
    condition of an ``if``/``while``): an absent reading (``None`` in a list of values) is
    skipped instead of used.
    """
    loop = _loop_around(fi, st)
    if loop is None or not isinstance(loop.node, cst.For):
        return []
    body = loop.node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return []
    first = fi.stmt_info(body.body[0])
    if first is None or not first.alone:
        return []
    node = st.node
    if isinstance(node, (cst.If, cst.While)):
        read = fi.names_in(node.test)
    elif isinstance(node, cst.SimpleStatementLine):
        read = fi.names_in(node)
    else:
        return []
    targets = [n for n in _target_order(loop.node.target) if n in read and n != "_"]
    indent = fi.indent_of_line(first.start)
    step = "    " if not indent or indent[0] == " " else "\t"
    pos = fi.line_starts[first.start - 1]
    out = []
    for v in targets[:2]:
        out.append(
            inserted(
                pos,
                f"{indent}if {v} is None:\n{indent}{step}continue\n",
                "none-guard",
                f"insert 'if {v} is None: continue' at the top of the loop of line {loop.start}",
                st.start,
                prior,
            )
        )
    return out


def _target_order(node: cst.CSTNode) -> list[str]:
    """The names a loop target binds, left to right."""
    if isinstance(node, cst.Name):
        return [node.value]
    if isinstance(node, (cst.Tuple, cst.List)):
        return [n for el in node.elements for n in _target_order(el.value)]
    return []


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
    out: list[Mutation] = []
    for n in header_nodes_on(fi, st, line):
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
        elif isinstance(n, cst.FormattedStringText):
            out.extend(guarded(fi, fstring_separator_mutations, fi, n, sc))
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
