"""Statement templates drawn from the code around the suspicious line, and expected strings.

Companion of :mod:`.templates_context` (the expression kinds; the same sources: Barr et al.,
"The Plastic Surgery Hypothesis", FSE 2014; GenProg's insertion of statements of the same
program):

- ``insert-mirror-update``: ``T = E - k`` in a method of the class that has ``T = E + k``
  elsewhere (the counter another method raises is never lowered); the augmented-assignment form
  (``T -= k``) is :mod:`.templates_insert`'s;
- ``insert-branch-push``: ``stack.append(v)`` at the end of an ``if``/``elif`` branch whose
  sibling branches all push on ``stack`` (or some of them, ranked lower) and which computes
  ``v`` but pushes nothing there (``stack`` a name or a ``self.`` field);
- ``delete-duplicate``: a statement whose effect a call of the same block repeats (the callee's
  body holds the same statement once its parameters are bound to the call's arguments), so the
  effect happens twice;
- ``string-expected``: a returned or assigned string literal -> a string literal of a failing
  test's failing line, and ``guard-expected``: ``if p is None: return "<that literal>"`` before a
  function's first statement reading the parameter ``p`` (a missing value's answer) (:func:`expected_literal_candidates`; the engine passes the literals from
  :func:`failing_literals`).

:func:`context_statement_mutations` drives the statement kinds for one statement.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping, Sequence
from typing import Any

import libcst as cst

from .candidate import Candidate
from .parsecache import file_info, valid
from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, apply_edits, guarded, is_docstring
from .templates_base import PRIORS, _int_value, _mut
from .templates_blocks import self_collections
from .templates_context import CONTEXT_PRIORS
from .templates_insert import _bound, _collections, _mutations, _one_line, free_names
from .templates_lines import inserted
from .templates_wrappers import _is_value_position

# ------------------------------------------------------------------------------ statements


def _flip_assign(fi: FileInfo, small: cst.Assign) -> str | None:
    """``T = E - k`` for a counter update ``T = E + k`` (and back); None for other statements."""
    if len(small.targets) != 1:
        return None
    value = small.value
    if not isinstance(value, cst.BinaryOperation) or not isinstance(
        value.operator, (cst.Add, cst.Subtract)
    ):
        return None
    if _int_value(value.right) is None and not isinstance(value.right, cst.Name):
        return None
    target = small.targets[0].target
    if not isinstance(target, (cst.Subscript, cst.Attribute)):
        return None
    op = "-" if isinstance(value.operator, cst.Add) else "+"
    text = f"{fi.text(target)} = {fi.text(value.left)} {op} {fi.text(value.right)}"
    return None if "\n" in text else text


def mirror_assign_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``T = E - k`` after ``st`` for a ``self`` counter ``T = E + k`` of another method."""
    if not st.alone or st.func is None or st.cls is None:
        return []
    func = fi.func_info(st.func)
    if func is None:
        return []
    bound = _bound(fi, func)
    texts: list[tuple[str, float]] = []
    for other in fi.stmts:
        if other.cls is not st.cls or other.func is None or other.func is st.func:
            continue
        if not isinstance(other.node, cst.SimpleStatementLine) or len(other.node.body) != 1:
            continue
        small = other.node.body[0]
        if not isinstance(small, cst.Assign):
            continue
        root: cst.BaseExpression | None = small.targets[0].target if small.targets else None
        while isinstance(root, (cst.Subscript, cst.Attribute)):
            root = root.value
        if not (isinstance(root, cst.Name) and root.value == "self"):
            continue
        text = _flip_assign(fi, small)
        if text is None or not free_names(cst.parse_statement(text)) <= bound:
            continue
        if all(text != t for t, _ in texts):
            texts.append((text, 1.0))
    return _priored(_mutations(fi, st, texts[:3], "insert-mirror-update"), "insert-mirror-update")


def _priored(muts: list[Mutation], template: str) -> list[Mutation]:
    """The mutations with this module's prior for ``template`` (their weights kept)."""
    base = PRIORS.get(template, 1.0) or 1.0
    for m in muts:
        m.prior = m.prior / base * CONTEXT_PRIORS[template]
    return muts


def _branches(fi: FileInfo, node: cst.CSTNode) -> tuple[cst.If, list[cst.BaseSuite]] | None:
    """The top ``if`` of the chain whose branch holds the statement ``node``, and its suites."""
    block, _ = fi.parent_of(node)
    owner, _ = fi.parent_of(block) if block is not None else (None, "")
    if isinstance(owner, cst.Else):
        owner, _ = fi.parent_of(owner)
    if not isinstance(owner, cst.If):
        return None
    top = owner
    while True:
        up, fld = fi.parent_of(top)
        if isinstance(up, cst.If) and up.orelse is top:
            top = up
            continue
        break
    suites: list[cst.BaseSuite] = []
    cur: cst.CSTNode | None = top
    while isinstance(cur, cst.If):
        suites.append(cur.body)
        cur = cur.orelse
    if isinstance(cur, cst.Else):
        suites.append(cur.body)
    return top, suites


def _pushes(suite: cst.CSTNode, fields: bool = False) -> list[tuple[str, str]]:
    """``(collection, method)`` of the ``x.append(...)``-like calls a suite makes.

    ``x`` a name; with ``fields`` also a ``self.`` field (``self.stack.append(v)``).
    """
    out: list[tuple[str, str]] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if not (
                isinstance(f, cst.Attribute)
                and f.attr.value in ("append", "add", "put", "push", "appendleft")
                and len(n.args) == 1
            ):
                return
            q = f.value
            if isinstance(q, cst.Name):
                coll = q.value
            elif (
                fields
                and isinstance(q, cst.Attribute)
                and isinstance(q.value, cst.Name)
                and q.value.value == "self"
            ):
                coll = f"self.{q.attr.value}"
            else:
                return
            pair = (coll, f.attr.value)
            if pair not in out:
                out.append(pair)

    suite.visit(V())
    return out


def branch_push_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``stack.append(v)`` ending the branch of ``st`` when the other branches push (some: 0.6)."""
    if not st.alone or st.func is None or st.index != len(st.block) - 1:
        return []
    got = _branches(fi, st.node)
    func = fi.func_info(st.func)
    if got is None or func is None:
        return []
    _, suites = got
    own = next((s for s in suites if any(b is st.node for b in getattr(s, "body", ()))), None)
    others = [s for s in suites if s is not own]
    if own is None or not others:
        return []
    if _pushes(own):
        return unfilled_push_mutations(fi, st, own, others)
    # the sibling branches' pushes, onto names or ``self.`` fields this branch does not push on
    mine = set(_pushes(own, fields=True))
    common = set(_pushes(others[0], fields=True)) - mine
    for s in others[1:]:
        common &= set(_pushes(s, fields=True))
    some = 1.0
    if not common:  # only some sibling branches push (others pop or skip): a weaker sign
        common = {p for s in others for p in _pushes(s, fields=True)} - mine
        some = 0.6
    # values the branch computes: names it binds, last first
    body = [b for b in getattr(own, "body", ()) if b in fi.positions]
    if not body:
        return []
    lo, hi = fi.line_of(body[0]), fi.end_line_of(body[-1])
    names: list[str] = []
    for ln, n in reversed(func.assigns):
        if lo <= ln <= hi and n not in names:
            names.append(n)
    texts = [
        (f"{coll}.{method}({v})", (1.0 - 0.2 * k) * some)
        for coll, method in sorted(common)
        for k, v in enumerate(names[:2])
    ]
    if not texts:
        return unfilled_push_mutations(fi, st, own, others)
    return _branch_pushes(fi, st, texts[:3])


def _branch_pushes(fi: FileInfo, st: StmtInfo, texts: list[tuple[str, float]]) -> list[Mutation]:
    indent = fi.indent_of_line(st.start)
    pos = fi.line_starts[st.end]
    return [
        inserted(
            pos,
            f"{indent}{text}\n",
            "insert-branch-push",
            f"insert '{_one_line(text)}' after line {st.end}",
            st.start,
            CONTEXT_PRIORS["insert-branch-push"] * w,
        )
        for text, w in texts
    ]


_ADDS = ("append", "add", "put", "push", "appendleft", "extend", "insert", "update")


def _pushed_values(suite: cst.CSTNode, fi: FileInfo) -> list[str]:
    """Argument texts of the one-argument ``x.append(v)``-like calls of ``suite``, in order."""
    out: list[str] = []

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value in _ADDS[:5] and len(n.args) == 1:
                t = fi.text(n.args[0].value)
                if "\n" not in t and t not in out:
                    out.append(t)

    suite.visit(V())
    return out


def _filled(fi: FileInfo, scope: cst.CSTNode, coll: str) -> bool:
    """Whether ``scope`` adds to ``coll`` (a call of :data:`_ADDS`, ``coll[k] = v``, ``+=``)."""
    found = False

    class V(cst.CSTVisitor):
        def visit_Call(self, n: cst.Call) -> None:
            nonlocal found
            f = n.func
            if isinstance(f, cst.Attribute) and f.attr.value in _ADDS:
                found = found or fi.text(f.value) == coll

        def visit_AugAssign(self, n: cst.AugAssign) -> None:
            nonlocal found
            found = found or fi.text(n.target) == coll

        def visit_AssignTarget(self, n: cst.AssignTarget) -> None:
            nonlocal found
            t = n.target
            found = found or (isinstance(t, cst.Subscript) and fi.text(t.value) == coll)

    scope.visit(V())
    return found


def unfilled_push_mutations(
    fi: FileInfo, st: StmtInfo, own: cst.CSTNode, others: list[cst.BaseSuite]
) -> list[Mutation]:
    """``C.append(v)`` ending ``st``'s branch for a collection ``C`` nothing ever adds to.

    ``C``: a list or set of the class (``self.residual = []``) or of the function bound empty
    and never added to anywhere in its class or function, but read elsewhere (what the code
    reports is never filled); ``v``: a value the sibling branches push on their own collections
    (``item.name``). The branch must not push ``v`` itself. Weight 0.8 (0.6 for a second value).
    """
    func = fi.func_info(st.func)
    if func is None or st.func is None:
        return []
    values = [v for s in others for v in _pushed_values(s, fi)]
    values = [v for v in dict.fromkeys(values) if v not in _pushed_values(own, fi)]
    if not values:
        return []
    scope: cst.CSTNode = st.cls if st.cls is not None else func.node
    colls = dict(self_collections(fi, st.cls)) if st.cls is not None else {}
    colls.update(_collections(fi, func))
    bound = _bound(fi, func)
    texts: list[tuple[str, float]] = []
    for coll, kind in colls.items():
        if kind == "dict" or _filled(fi, scope, coll):
            continue
        if fi.text(scope).count(coll) < 2:  # bound and never read: nothing reports it
            continue
        for k, v in enumerate(values[:2]):
            if free_names(cst.parse_expression(v)) <= bound:
                texts.append((f"{coll}.{kind}({v})", 0.8 - 0.2 * k))
    return _branch_pushes(fi, st, texts[:3])


def _callee_def(fi: FileInfo, call: cst.Call, st: StmtInfo) -> cst.FunctionDef | None:
    """The function of the file a call statement calls (``f(...)`` or ``self.m(...)``)."""
    f = call.func
    if isinstance(f, cst.Name):
        want, cls = f.value, None
    elif isinstance(f, cst.Attribute) and isinstance(f.value, cst.Name) and f.value.value == "self":
        want, cls = f.attr.value, st.cls
        if cls is None:
            return None
    else:
        return None
    for fn in fi.funcs.values():
        if fn.node.name.value != want:
            continue
        if (fi.class_of_func.get(id(fn.node)) is cls) or (
            cls is None and fn.node in fi.module.body
        ):
            return fn.node
    return None


def duplicate_effect_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """Delete ``st`` when a call of its block does the same (its body holds ``st`` bound)."""
    if not st.alone or st.func is None or not isinstance(st.node, cst.SimpleStatementLine):
        return []
    mine = " ".join(fi.text(st.node).split())
    for sib in st.block:
        if sib is st.node or not isinstance(sib, cst.SimpleStatementLine) or len(sib.body) != 1:
            continue
        small = sib.body[0]
        call = small.value if isinstance(small, cst.Expr) else None
        if not isinstance(call, cst.Call):
            continue
        fn = _callee_def(fi, call, st)
        if fn is None or fn is st.func:
            continue
        params = [p.name.value for p in fn.params.params]
        if params and params[0] == "self" and isinstance(call.func, cst.Attribute):
            params = params[1:]
        args = [a for a in call.args if a.keyword is None and not a.star]
        bind = {p: fi.text(a.value) for p, a in zip(params, args, strict=False)}
        for a in call.args:
            if a.keyword is not None:
                bind[a.keyword.value] = fi.text(a.value)
        for inner in getattr(fn.body, "body", ()):
            if not isinstance(inner, cst.SimpleStatementLine) or inner not in fi.positions:
                continue
            text = " ".join(fi.text(inner).split())
            bound = _bind_words(text, bind)
            if bound == mine:
                s, e = fi.line_starts[st.start - 1], fi.line_starts[st.end]
                return [
                    Mutation(
                        (Edit(s, e, ""),),
                        "delete-duplicate",
                        f"delete '{_one_line(mine)}' (the call on line {fi.line_of(sib)} does it)",
                        st.start,
                        CONTEXT_PRIORS["delete-duplicate"],
                    )
                ]
    return []


def context_statement_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """The statement templates of this module anchored at ``st``."""
    out: list[Mutation] = []
    for fn in (mirror_assign_mutations, branch_push_mutations, duplicate_effect_mutations):
        out.extend(guarded(fi, fn, fi, st))
    return out


# ------------------------------------------------------------------------------ expected strings


def failing_literals(spectrum: Mapping[str, Any], limit: int = 6) -> list[str]:
    """String literals on the failing tests' failing lines (``test_line``), in first-seen order.

    Args:
        spectrum: the traced run's result (:meth:`fixloop.repair.screen.WarmScreener.localize`):
            per test ``outcome`` and ``test_line``.
        limit: most literals kept.

    Returns:
        the literals' values (no docstrings: only a line's constants), at most 40 characters:
        those the line never passes to a call first (``labels(["bo", "cy"]) == {"bo": "14 days
        ago", "cy": "never"}``: ``"bo"`` and ``"cy"`` are inputs, the expected answers are the
        others), then the word parts of those answers that are not literals themselves
        (``"14"``, ``"days"``, ``"ago"``), then the inputs; each group in first-seen order.
    """
    out: list[str] = []
    given: set[str] = set()
    for d in (spectrum.get("tests") or {}).values():
        if d.get("outcome") != "failed":
            continue
        try:
            tree = ast.parse(str(d.get("test_line", "")).strip())
        except (SyntaxError, ValueError):
            continue
        for n in ast.walk(tree):
            if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) <= 40:
                if n.value not in out:
                    out.append(n.value)
            elif isinstance(n, ast.Call):
                for a in [*n.args, *(k.value for k in n.keywords)]:
                    given.update(
                        c.value
                        for c in ast.walk(a)
                        if isinstance(c, ast.Constant) and isinstance(c.value, str)
                    )
    answers = [v for v in out if v not in given]
    # the word parts of an answer (``"30-love"`` -> ``"30"``, ``"love"``): a literal the program
    # joins into the expected text (an f-string, a concatenation) is one part of it
    parts = [w for v in answers for w in re.split(r"[^\w]+", v) if w]
    ordered = [*answers, *(w for w in dict.fromkeys(parts) if w not in out)]
    ordered += [v for v in out if v in given]
    return ordered[:limit]


def expected_literal_candidates(
    source: str,
    path: str,
    suspicious: Mapping[int, float],
    literals: Sequence[str],
    *,
    none_seen: bool = False,
) -> list[Candidate]:
    """A returned or assigned string literal of a suspicious line -> a failing test's literal.

    A special case answering the wrong text (``return ""`` for zero, where the test expects
    ``"0s"``): the expected text is in the failing assertion, not in the program.

    Args:
        source: the file's text.
        path: its path (copied into each candidate).
        suspicious: 1-based line -> suspiciousness.
        literals: from :func:`failing_literals`.
        none_seen: a failing test's error named ``NoneType`` (``FailureHints.none_used``):
            any parameter a function's first statement reads may be the ``None`` it used.

    Returns:
        candidates (``score`` = suspiciousness x prior), best first; empty without literals.
    """
    if not literals:
        return []
    try:
        fi = file_info(source, path, focus=[ln for ln, s in suspicious.items() if s > 0])
    except Exception:  # noqa: BLE001 - a file the templates cannot read gives nothing here
        return []
    out: list[Candidate] = []
    seen = {source}
    for line, susp in sorted(suspicious.items(), key=lambda t: -t[1])[:60]:
        st = fi.stmt_at(line)
        if st is None or susp <= 0 or not isinstance(st.node, cst.SimpleStatementLine):
            continue
        for m in _none_guards(fi, st, literals, none_seen=none_seen):
            new = apply_edits(source, m.edits)
            if new not in seen and valid(fi, new, m.edits):
                seen.add(new)
                score = susp * m.prior
                out.append(Candidate(path, new, m.template, m.description, m.line, m.prior, score))
                out[-1].old_source = source
        for n in fi.header_nodes(st):
            if not isinstance(n, cst.SimpleString) or n not in fi.positions:
                continue
            if _is_value_position(fi, n) not in ("return", "assign"):
                continue
            old = n.evaluated_value
            if not isinstance(old, str):
                continue
            for k, lit in enumerate(literals):
                if lit == old:
                    continue
                m = _mut(
                    fi,
                    n,
                    _quoted_like(lit, fi.text(n)),
                    "string-expected",
                    f"{fi.text(n)} -> {lit!r} (a failing test's literal)",
                    CONTEXT_PRIORS["string-expected"] * (0.9**k),
                )
                new = apply_edits(source, m.edits)
                if new in seen or not valid(fi, new, m.edits):
                    continue
                seen.add(new)
                out.append(
                    Candidate(
                        path,
                        new,
                        m.template,
                        m.description,
                        m.line,
                        m.prior,
                        susp * m.prior,
                        source,
                    )
                )
    out.sort(key=lambda c: -c.score)
    return out


def _quoted_like(value: str, like: str) -> str:
    """``value`` as a literal, in double quotes when ``like`` uses them and nothing prevents it."""
    r = repr(value)
    if like.startswith('"') and r.startswith("'") and '"' not in value:
        r = '"' + r[1:-1] + '"'
    return r


def _bind_words(text: str, bind: Mapping[str, str]) -> str:
    """``text`` with each word that ``bind`` maps replaced (a callee's parameters by arguments)."""

    def sub(m: re.Match[str]) -> str:
        return bind.get(m.group(0), m.group(0))

    return re.sub(r"\b\w+\b", sub, text)


def _none_guards(
    fi: FileInfo, st: StmtInfo, literals: Sequence[str], *, none_seen: bool = False
) -> list[Mutation]:
    """``if p is None: return "<literal>"`` before a function's first statement ``st``.

    For each parameter ``p`` the statement reads that may be None (its default is None, the
    function's docstring mentions None, or a failing test's error named ``NoneType``:
    ``none_seen``; ``delta = now - ts`` for a ``ts`` "None when never"): the answer for a
    missing value is the failing test's expected text. Literals the function already holds
    come last (its other answers, not the missing one).
    """
    func = fi.func_info(st.func)
    if func is None or not st.alone:
        return []
    first = next((b for b in st.block if not is_docstring(b)), None)
    if first is not st.node:
        return []
    doc = fi.text(st.block[0]) if is_docstring(st.block[0]) else ""
    nones = {
        p.name.value
        for p in (*func.node.params.params, *func.node.params.kwonly_params)
        if isinstance(p.default, cst.Name) and p.default.value == "None"
    }
    params = [
        n
        for n in func.params
        if n not in ("self", "cls")
        and n in fi.names_in(st.node)
        and (n in nones or "None" in doc or none_seen)
    ]
    held = {v.evaluated_value for v in _strings(func.node) if isinstance(v.evaluated_value, str)}
    literals = sorted(literals, key=lambda v: v in held)  # stable
    indent = fi.indent_of_line(st.start)
    step = "\t" if indent[:1] == "\t" else "    "
    pos = fi.line_starts[st.start - 1]
    out = []
    for p in params[:2]:
        for k, lit in enumerate(literals[:3]):
            text = f"{indent}if {p} is None:\n{indent}{step}return {_quoted_like(lit, chr(34))}\n"
            out.append(
                inserted(
                    pos,
                    text,
                    "guard-expected",
                    f"insert 'if {p} is None: return {lit!r}' before line {st.start}",
                    st.start,
                    CONTEXT_PRIORS["guard-expected"] * (0.9**k),
                )
            )
    return out


def _strings(node: cst.CSTNode) -> list[cst.SimpleString]:
    """The simple string literals in ``node``."""
    out: list[cst.SimpleString] = []

    class V(cst.CSTVisitor):
        def visit_SimpleString(self, n: cst.SimpleString) -> None:
            out.append(n)

    node.visit(V())
    return out
