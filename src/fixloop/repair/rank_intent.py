"""Static tie-breakers among plausible patches the traced runs and extra inputs cannot separate.

Two kinds of evidence of intent, read from the patch and the failing tests' source, used by
:func:`.overfit.rank_plausible` after the behaviour change, the dead stores, the checked lines
and the extra inputs (the first before the size of the diff, the second after it):

- :func:`reads_patched`: the failing tests *replace an attribute* (``monkeypatch.setattr(os,
  "sep", ":")``, ``mock.patch("pkg.mod.TIMEOUT", 1)``, ``mock.patch.object(obj, "now")``):
  a test that sets a name expects the code under test to read it. A patch that makes the code
  read that name (``"/"`` -> ``os.sep``) follows the tests' intent; one that copies the value
  the test set into the code (``"/"`` -> ``":"``) fits that one run only, the
  "hard-coded expected output" overfitting of Smith, Barr, Le Goues, Brun ("Is the Cure Worse
  Than the Disease? Overfitting in Automated Program Repair", FSE 2015).
- :func:`is_deletion`: a patch that removes code (a statement, a condition, a call, an
  argument: :data:`.priors.DELETIONS`) after one of the same diff size that adds or replaces
  code, all else equal (a smaller deletion still goes first): the
  "anti-delete" patterns of Tan, Yi, Yulis, Mechtaev, Roychoudhury ("Anti-patterns in
  Search-Based Program Repair", FSE 2016), and the most frequent plausible-but-wrong patches of
  Qi, Long, Achour, Rinard (ISSTA 2015): dropping ``round(x, 2)``'s digits argument passes a test
  whose expected value happens to be whole.

- :func:`changed_subtree`: among patches still tied after the screening score (in practice
  the same template on the same line: the score is suspiciousness x the template's prior), the
  one whose change sits in the smaller syntax subtree first. ``t.expires is None or`` put
  before ``t.expires >= day`` guards the comparison that fails on ``None``; put before the
  whole ``t.valid_from <= day and t.expires >= day`` it also skips the other, working check
  whenever ``expires`` is ``None``. The smallest change measured on the syntax tree rather than
  on lines or characters (the inserted text is the same length): the AST-level diff size that
  ranking repair tools use, e.g. the "minimal tree edit" preference of ssFix (Xin, Reiss, ASE
  2017) and CapGen's context-aware edits (Wen et al., ICSE 2018); a reviewer accepts it on a
  program never seen because a narrower edit changes behaviour in fewer states.

- :func:`same_kind_of_site`: a ``+sibling`` completion (:mod:`.siblings`) repeats its half
  fix's edit at a sibling line; it is the same edit of the same kind of code only when the
  original subtree it replaces there is of the same syntax type as the one the half fix
  replaces (``0`` -> ``j`` in ``dist[0][j]`` and in ``dist[i][0]``: two constants; but ``not``
  put before ``loan.returned`` and before the ``loan`` of ``return loan``: an attribute test
  and a whole object, a different edit in effect). Hercules (Saha et al., ICSE 2019) applies an
  edit to *similar* code only; a completion at a dissimilar site is no better evidence than
  the half fix alone.

- :func:`same_case_chain`: a ``+sibling`` completion whose sibling edit is in another condition
  of the *same* ``if``/``elif`` chain (or chain of conditional expressions) as its half fix's
  edit is no copy of one bug: the conditions of one chain are the cases of one case analysis,
  each bound its own decision (``if knots < 12: ... elif knots < 20:``: "green below 12,
  yellow up to and including 20"); the failing test located one of them, and moving the other
  bound too is a change no test asked for. Hercules' siblings (Saha et al., ICSE 2019) are
  *similar code* at other places, cloned code; two links of one chain are not clones of each
  other but complementary cases. Such a completion goes after its half fix (the smaller change,
  the minimal-change preference of every ranking above), never before it.

- :func:`counter_to_constant`: a patch that turns an update by a constant step into the store
  of a constant (``self.available += 1`` -> ``self.available = 1``, ``n *= 2`` -> ``n = 2``)
  makes the target one value on every state that reaches the line: the counter stops counting.
  It is the "plausible but degenerate" patch of Qi, Long, Achour, Rinard (ISSTA 2015) seen in
  the source (:func:`.agree.varies` sees the same on extra inputs, where a module-level
  function can be probed): it passes a test that counts to exactly that value once, and the
  tests that count further are the hidden ones. Why a reviewer accepts it on a program never
  seen: the program's own compound assignment says the value accumulates; a fix that keeps
  the accumulation (the missing mirror update elsewhere) explains the failing test without
  throwing the old value away. Ranked with the traced evidence, before the path distance (the
  one-line store is no path change while an inserted update is).

All are ranks, never filters: a patch is never dropped by them.
"""

from __future__ import annotations

import ast
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from fixloop.repair.candidate import Candidate
from fixloop.repair.priors import DELETIONS

__all__ = [
    "changed_subtree",
    "counter_to_constant",
    "is_deletion",
    "patched_names",
    "reads_patched",
    "same_case_chain",
    "same_kind_of_site",
]

#: call names that replace an attribute for a test (pytest's monkeypatch, unittest.mock)
_SETTERS = frozenset({"setattr", "patch", "object"})


def _target_name(call: ast.Call) -> str | None:
    """The attribute name a setter call replaces, or None.

    ``x.setattr(obj, "name", v)`` / ``patch.object(obj, "name")`` -> ``name``;
    ``x.setattr("a.b.name", v)`` / ``patch("a.b.name")`` -> ``name`` (the last dotted part).
    """
    f = call.func
    name = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else ""
    if name not in _SETTERS or not call.args:
        return None
    args = call.args
    first = args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        # the dotted form: setattr("a.b.name", v), patch("a.b.name", new)
        if "." not in first.value:
            return None
        return first.value.rsplit(".", 1)[1] or None
    if name == "patch":  # patch(target, new): a target that is no string is not read here
        return None
    if len(args) >= 2 and isinstance(args[1], ast.Constant) and isinstance(args[1].value, str):
        return args[1].value or None
    return None


def patched_names(root: Path, failing: Iterable[str]) -> frozenset[str]:
    """Attribute names the failing tests replace (see the module docstring).

    Args:
        root: the work tree the test ids are relative to.
        failing: pytest node ids (``tests/test_x.py::test_y``, ``...::Class::test_y[param]``).

    Returns:
        the names set by setter calls in the failing test functions' bodies (and in their
        class's, for a method); empty when a file cannot be read or parsed.
    """
    wanted: dict[str, set[str]] = {}
    for tid in failing:
        parts = tid.split("::")
        if len(parts) < 2:
            continue
        wanted.setdefault(parts[0], set()).add(parts[-1].split("[", 1)[0])
    out: set[str] = set()
    for rel, funcs in wanted.items():
        try:
            tree = ast.parse((root / rel).read_text(encoding="utf-8"))
        except (OSError, SyntaxError, UnicodeDecodeError, ValueError):
            continue
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in funcs:
                for call in ast.walk(node):
                    if isinstance(call, ast.Call):
                        got = _target_name(call)
                        if got:
                            out.add(got)
    return frozenset(out)


def _reads(source: str, names: frozenset[str]) -> Counter[str]:
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return Counter()
    out: Counter[str] = Counter()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            out[node.attr] += 1
        elif isinstance(node, ast.Name) and node.id in names:
            out[node.id] += 1
    return out


def reads_patched(cand: Candidate, names: frozenset[str]) -> bool:
    """Does the patch add a read of a name the failing tests replace (:func:`patched_names`)?

    Counted over the patched files (and the patch's other files): more occurrences of such a name,
    as an attribute or a plain name, after the patch than before.
    """
    if not names:
        return False
    for c in (cand, *cand.also):
        before, after = _reads(c.old_source, names), _reads(c.new_source, names)
        if any(after[n] > before[n] for n in after):
            return True
    return False


def is_deletion(cand: Candidate) -> bool:
    """Is the patch made by a deleting template (:data:`.priors.DELETIONS`)?"""
    return cand.template in DELETIONS or any(is_deletion(c) for c in cand.also)


def _dump(value: object) -> str:
    if isinstance(value, ast.AST):
        return ast.dump(value, include_attributes=False)
    if isinstance(value, list):
        return "[" + ", ".join(_dump(v) for v in value) + "]"
    return repr(value)


def _changed_node(old: ast.AST, new: ast.AST, *, located: bool = False) -> ast.AST:
    """The smallest node of ``old`` whose replacement gives ``new`` (the trees differ).

    With ``located``, the smallest such node that has a source position (an operator such as
    ``ast.Lt`` has none: its comparison is returned).
    """
    last = old
    while type(old) is type(new):
        if hasattr(old, "lineno"):
            last = old
        differ = [
            (a, b)
            for (_, a), (_, b) in zip(ast.iter_fields(old), ast.iter_fields(new), strict=True)
            if _dump(a) != _dump(b)
        ]
        if len(differ) != 1:
            break
        a, b = differ[0]
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
            pairs = [(x, y) for x, y in zip(a, b, strict=True) if _dump(x) != _dump(y)]
            if len(pairs) != 1:
                break
            a, b = pairs[0]
        if not (isinstance(a, ast.AST) and isinstance(b, ast.AST)):
            break
        old, new = a, b
    if located and not hasattr(old, "lineno"):
        return last
    return old


def changed_subtree(cand: Candidate) -> int:
    """Syntax nodes of the smallest subtree of the original file that the patch replaces.

    Both files are parsed; from the module down, while exactly one field (or one element of a
    list field of the same length) differs, the walk goes into it; where two fields differ, or
    the node types do, or a list's length does, that original node is the changed subtree. The
    count is ``len(list(ast.walk(node)))`` (``<`` -> ``<=``: the one operator node). 0 when a
    file does not parse, nothing changed, or the candidate changes other files too (no
    evidence: it sorts first, as all unmeasured do).
    """
    old, new = cand.old_source, cand.new_source
    if cand.also or not old or old == new:
        return 0
    try:
        a, b = ast.parse(old), ast.parse(new)
    except (SyntaxError, ValueError):
        return 0
    if _dump(a) == _dump(b):
        return 0
    return sum(1 for _ in ast.walk(_changed_node(a, b)))


def _replaced(old_source: str, new_source: str, *, located: bool = False) -> ast.AST | None:
    """The original subtree a change replaces (:func:`_changed_node`), None when unparsable."""
    try:
        a, b = ast.parse(old_source), ast.parse(new_source)
    except (SyntaxError, ValueError):
        return None
    if _dump(a) == _dump(b):
        return None
    return _changed_node(a, b, located=located)


def same_kind_of_site(half: Candidate, whole: Candidate) -> bool:
    """Does the completion ``whole`` replace the same syntax type at its sibling as ``half`` does?

    ``half``: the one-site patch; ``whole``: its ``+sibling`` completion (the same edit at a
    sibling line too). The sibling's edit is the change from ``half.new_source`` to
    ``whole.new_source``. True when either cannot be parsed (no evidence against it).
    """
    here = _replaced(half.old_source, half.new_source)
    there = _replaced(half.new_source, whole.new_source)
    if here is None or there is None:
        return True
    return type(here) is type(there)


def _chains(tree: ast.AST) -> list[list[ast.expr]]:
    """The conditions of each ``if``/``elif`` chain and each chain of conditional expressions.

    A chain is an ``if`` (or ``a if c else b``) followed through its ``else`` while that holds
    exactly one ``if`` (``elif``) or is itself a conditional expression; chains of one link are
    left out.
    """
    inner: set[int] = set()
    out: list[list[ast.expr]] = []
    for node in ast.walk(tree):
        if id(node) in inner or not isinstance(node, (ast.If, ast.IfExp)):
            continue
        tests: list[ast.expr] = []
        link: ast.AST = node
        while True:
            tests.append(link.test)  # type: ignore[attr-defined]
            nxt: ast.AST | None = None
            if (
                isinstance(link, ast.If)
                and len(link.orelse) == 1
                and isinstance(link.orelse[0], ast.If)
            ):
                nxt = link.orelse[0]
            elif isinstance(link, ast.IfExp) and isinstance(link.orelse, ast.IfExp):
                nxt = link.orelse
            if nxt is None:
                break
            inner.add(id(nxt))
            link = nxt
        if len(tests) > 1:
            out.append(tests)
    return out


def _inside(node: ast.AST, test: ast.expr) -> bool:
    """Is ``node`` (of another parse of the same lines) within ``test``'s source span?"""
    ln, col = getattr(node, "lineno", None), getattr(node, "col_offset", None)
    if ln is None or col is None:
        return False
    start = (test.lineno, test.col_offset)
    end = (test.end_lineno or test.lineno, test.end_col_offset or 0)
    return start <= (ln, col) < end


def same_case_chain(half: Candidate, whole: Candidate) -> bool:
    """Does ``whole``'s sibling edit change another condition of the chain ``half`` edits?

    ``half``: a one-site patch; ``whole``: its ``+sibling`` completion. Both edited subtrees
    (:func:`_changed_node` of ``half`` against the original, of ``whole`` against ``half``) must
    lie in two different conditions of one ``if``/``elif`` chain of the original file (its
    lines: the one-line edits keep the numbering). False when a file does not parse.
    """
    here = _replaced(half.old_source, half.new_source, located=True)
    there = _replaced(half.new_source, whole.new_source, located=True)
    if here is None or there is None or half.also or whole.also:
        return False
    try:
        tree = ast.parse(half.old_source)
    except (SyntaxError, ValueError):
        return False
    for tests in _chains(tree):
        a = [i for i, t in enumerate(tests) if _inside(here, t)]
        b = [i for i, t in enumerate(tests) if _inside(there, t)]
        if a and b and a != b:
            return True
    return False


def _literal_value(e: ast.expr) -> bool:
    if isinstance(e, ast.UnaryOp) and isinstance(e.op, (ast.USub, ast.UAdd)):
        e = e.operand
    return isinstance(e, ast.Constant) and not isinstance(e.value, str)


def counter_to_constant(cand: Candidate) -> bool:
    """Does the patch turn ``target op= <number>`` into ``target = <number>`` on one line?

    (See the module docstring.) False for any other change, for several changed lines, or
    when a line does not parse on its own.
    """
    from fixloop.repair.combine import one_line_change

    if cand.also:
        return False
    change = one_line_change(cand)
    if change is None:
        return False
    try:
        old = ast.parse(change[1].strip()).body
        new = ast.parse(change[2].strip()).body
    except (SyntaxError, ValueError):
        return False
    if len(old) != 1 or len(new) != 1:
        return False
    a, b = old[0], new[0]
    return (
        isinstance(a, ast.AugAssign)
        and isinstance(b, ast.Assign)
        and len(b.targets) == 1
        and _dump(a.target) == _dump(b.targets[0])
        and _literal_value(a.value)
        and _literal_value(b.value)
    )
