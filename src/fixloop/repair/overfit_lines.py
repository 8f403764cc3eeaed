"""Line bookkeeping of the plausible patches' traced runs (for :mod:`.overfit`).

A patched file's lines mapped back to the original's through the diff (:func:`line_map`), the
lines a patch edited or inserted, the ``if`` statements it inserted and their bare twins, and a
test's covered lines with the patch's shifts undone: what :func:`.overfit.compare` needs to say
how much a passing test's path changed (PATCH-SIM, Xiong et al. ICSE 2018). Moved unchanged out
of ``overfit.py`` (600-line cap).
"""

from __future__ import annotations

import ast
import difflib
from collections.abc import Sequence
from typing import Any

from fixloop.repair.candidate import Candidate


def _line_map(old: str, new: str) -> dict[int, int]:
    """1-based lines of ``new`` that stand for a line of ``old`` -> that line in ``old``.

    Unchanged lines map to themselves (shifted); a block of lines replaced by as many lines maps
    line by line (an edited condition is the same place in the program: a test that runs it before
    and after took the same path); inserted lines, and the lines of a block replaced by a block of
    another length, map to nothing (a path through them is a change).
    """
    a, b = old.splitlines(), new.splitlines()
    out: dict[int, int] = {}
    sm = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
            for k in range(i2 - i1):
                out[j1 + k + 1] = i1 + k + 1
    return out


def _edited_lines(old: str, new: str) -> set[int]:
    """1-based lines of ``new`` that are not unchanged lines of ``old`` (edited or inserted)."""
    sm = difflib.SequenceMatcher(None, old.splitlines(), new.splitlines(), autojunk=False)
    return {
        j + 1 for tag, _i1, _i2, j1, j2 in sm.get_opcodes() if tag != "equal" for j in range(j1, j2)
    }


def _inserted_guards(old: str, new: str) -> dict[int, frozenset[int]]:
    """Inserted ``if`` statements of ``new``: header line -> the lines of its branches.

    Only an ``if`` whose header line is not a line of ``old`` (:func:`_line_map`) and whose
    branches start on later lines counts (1-based lines of ``new``).
    """
    try:
        tree = ast.parse(new)
    except (SyntaxError, ValueError):
        return {}
    mapped = _line_map(old, new)
    out: dict[int, frozenset[int]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or node.lineno in mapped:
            continue
        branch = {
            ln
            for stmt in (*node.body, *node.orelse)
            for ln in range(stmt.lineno, (stmt.end_lineno or stmt.lineno) + 1)
        }
        if branch and min(branch) > node.lineno:
            out[node.lineno] = frozenset(branch)
    return out


def _unguarded(old: str, new: str) -> list[str]:
    """``new`` without one of its inserted ``if`` headers (no ``else``), the body dedented.

    One text per inserted guard of :func:`_inserted_guards`: the bare twin of a guarded
    insertion (``if current: out.append(current)`` -> ``out.append(current)``).
    """
    try:
        tree = ast.parse(new)
    except (SyntaxError, ValueError):
        return []
    mapped = _line_map(old, new)
    lines = new.splitlines(keepends=True)
    out: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.If) or node.lineno in mapped or node.orelse:
            continue
        first, last = node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno
        if first <= node.lineno:
            continue
        head = lines[node.lineno - 1]
        cut = (
            len(lines[first - 1])
            - len(lines[first - 1].lstrip())
            - (len(head) - len(head.lstrip()))
        )
        body = [ln[cut:] if ln[:cut].strip() == "" else ln for ln in lines[first - 1 : last]]
        out.append("".join([*lines[: node.lineno - 1], *body, *lines[last:]]))
    return out


def _sizes(cands: Sequence[Candidate]) -> dict[int, float]:
    """The size each candidate is ranked by: its diff lines; a guarded twin half a line less.

    When a patch and the same patch under an inserted ``if`` are both plausible, the guarded
    one changes the program's behaviour only where its condition holds, so it is the smaller
    behaviour change (the PATCH-SIM preference of the module docstring): it goes just before
    its bare twin, never before a patch smaller than that twin.
    """
    out = {id(c): float(c.diff_lines) for c in cands}
    by_source = {(c.path, c.new_source): c for c in cands if not c.also}
    for c in cands:
        if c.also:
            continue
        for bare in _unguarded(c.old_source, c.new_source):
            twin = by_source.get((c.path, bare))
            if twin is not None and twin is not c:
                out[id(c)] = min(out[id(c)], twin.diff_lines - 0.5)
    return out


def _guards(cand: Candidate) -> dict[str, dict[int, frozenset[int]]]:
    out = {cand.path: _inserted_guards(cand.old_source, cand.new_source)}
    for extra in cand.also:
        out.update(_guards(extra))
    return out


def _guard_heads(
    test: dict[str, Any], guards: dict[str, dict[int, frozenset[int]]]
) -> set[tuple[str, int]]:
    """Header lines of inserted ``if`` statements the test evaluated (entered or not).

    The header is a check, not a behaviour: a test that skips the branch kept its path, and one
    that enters it changed its path by the branch's lines, as much as by the same lines inserted
    without the ``if`` (a guarded final flush is no bigger a change than a bare one).
    """
    covered: dict[str, set[int]] = {}
    for f, ln in test.get("lines", []):
        covered.setdefault(f, set()).add(int(ln))
    return {
        (f, head) for f, heads in guards.items() for head in heads if head in covered.get(f, ())
    }


def _maps(cand: Candidate) -> dict[str, dict[int, int]]:
    out = {cand.path: _line_map(cand.old_source, cand.new_source)}
    for extra in cand.also:
        out.update(_maps(extra))
    return out


def _edits(cand: Candidate) -> dict[str, set[int]]:
    out = {cand.path: _edited_lines(cand.old_source, cand.new_source)}
    for extra in cand.also:
        out.update(_edits(extra))
    return out


def _lines(
    test: dict[str, Any],
    maps: dict[str, dict[int, int]],
    skip: set[tuple[str, int]] | frozenset[tuple[str, int]] = frozenset(),
) -> set[tuple[str, int]]:
    """A test's covered lines, patched files' lines mapped back (a new line: negative).

    Lines in ``skip`` (inserted guards' headers the test evaluated, :func:`_guard_heads`) are
    left out.
    """
    out: set[tuple[str, int]] = set()
    for f, ln in test.get("lines", []):
        if (f, int(ln)) in skip:
            continue
        m = maps.get(f)
        if m is None:
            out.add((f, int(ln)))
        else:
            out.add((f, m.get(int(ln), -int(ln))))
    return out
