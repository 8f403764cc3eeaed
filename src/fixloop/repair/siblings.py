"""The same edit at a sibling site: completing a plausible one-site patch of a two-site bug.

A bug made twice (both base cases of a table, both directions of a conversion) is half fixed by
an edit of one site, and that half fix often passes the visible tests while the hidden ones
reject it. Hercules (Saha, Saha, Prasad: "Harnessing Evolution for Multi-Hunk Program Repair",
ICSE 2019) repairs such bugs by applying one edit to *evolutionary siblings*, similar code
sites of the same program. Here, for a plausible candidate that changes one line:

1. the line's edit is cut to its changed token span (``0`` -> ``j`` in ``dist[0][j] = 0``;
   ``5 / 9`` -> ``9 / 5`` in ``value * 5 / 9 + 32``);
2. *sibling lines* are the other lines of the file holding every non-name token of that span
   (``0``; ``5``, ``/`` and ``9``) that some passing test runs (so the tests check the edited
   sibling too);
3. the templates' candidates of those lines with the same template and the *same edit* are
   kept: the same multisets of old and new tokens, where a name that occurs in its own line and
   not in the other line counts as the line's own name (``j`` at ``dist[0][j]``, ``i`` at
   ``dist[i][0]``: each loop's variable), and the same token on at least one side of the span
   (``= 0`` at the end of the line, not the ``[0]`` index);
4. each is merged with the candidate (:func:`.combine.merge_sources`) into a ``+sibling``
   candidate whose ``completes`` names the half fix's key.

The engine screens these after the first round; the judge (:mod:`.overfit`) puts a half fix
after its plausible completion when the traced evidence ties them.
"""

from __future__ import annotations

import difflib
import keyword
import re
from collections.abc import Callable, Collection

from fixloop.repair.candidate import Candidate
from fixloop.repair.combine import merge_sources, one_line_change

__all__ = ["edit_span", "sibling_candidates"]

#: most sibling lines looked at per candidate, and most completions made
MAX_LINES = 8
MAX_COMPLETIONS = 4

#: Python's two-character operators are one token each: ``<`` -> ``<=`` changes the token ``<``,
#: so its neighbours are the compared operands, not the ``<`` that every ``<`` line shares
_TOKEN = re.compile(r"\w+|<=|>=|==|!=|\*\*|//|<<|>>|[^\w\s]")


def _tokens(line: str) -> list[str]:
    return _TOKEN.findall(line)


def _is_name(tok: str) -> bool:
    return tok.isidentifier() and not keyword.iskeyword(tok)


def _one_line_change(cand: Candidate) -> tuple[int, str, str] | None:
    """``(1-based line, old text, new text)`` of a candidate changing exactly one line."""
    if cand.also:
        return None
    change = one_line_change(cand)
    return None if change is None else (change[0] + 1, change[1], change[2])


def edit_span(old: str, new: str) -> tuple[list[str], list[str], str, str] | None:
    """The changed token span of one line's edit.

    Returns:
        ``(old tokens, new tokens, token before, token after)`` (``""`` at the line's ends), or
        None when the lines' tokens are equal.
    """
    a, b = _tokens(old), _tokens(new)
    ops = [
        op
        for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if not ops:
        return None
    i1, j1 = ops[0][1], ops[0][3]
    i2, j2 = ops[-1][2], ops[-1][4]
    before = a[i1 - 1] if i1 > 0 else ""
    after = a[i2] if i2 < len(a) else ""
    return a[i1:i2], b[j1:j2], before, after


def _signature(span: list[str], own: set[str], other: set[str]) -> list[str]:
    return sorted("@own" if _is_name(t) and t in own and t not in other else t for t in span)


def _same_edit(first: tuple[str, str], second: tuple[str, str]) -> bool:
    """Is ``second`` (a sibling line's old and new text) the edit ``first`` made at its line?"""
    s1, s2 = edit_span(*first), edit_span(*second)
    if s1 is None or s2 is None:
        return False
    t1, t2 = set(_tokens(first[0])), set(_tokens(second[0]))
    if _signature(s1[0], t1, t2) != _signature(s2[0], t2, t1):
        return False
    if _signature(s1[1], t1, t2) != _signature(s2[1], t2, t1):
        return False
    return (s1[2] == s2[2] and s1[2] != "") or (s1[3] == s2[3])


def sibling_candidates(
    cand: Candidate,
    generate: Callable[..., list[Candidate]],
    covered: Collection[int],
) -> list[Candidate]:
    """The candidate completed by the same edit at its sibling lines (see the module docstring).

    Args:
        cand: a plausible candidate (one changed line; anything else gives nothing).
        generate: the templates' entry point, ``(source, path, suspicious, *, max_candidates)``
            (:func:`.templates.generate_candidates`).
        covered: 1-based lines of ``cand.path`` some passing test runs.

    Returns:
        up to ``MAX_COMPLETIONS`` ``+sibling`` candidates (each sibling alone, then all of them
        together when there are several), ``completes`` set to ``cand.key``.
    """
    change = _one_line_change(cand)
    if change is None or cand.template.endswith(("+everywhere", "+sibling")):
        return []
    line, old, new = change
    span = edit_span(old, new)
    if span is None:
        return []
    need = {t for t in span[0] if not _is_name(t)}
    lines = cand.old_source.splitlines()
    sites = [
        k
        for k in range(1, len(lines) + 1)
        if k != line and k in covered and need <= set(_tokens(lines[k - 1]))
    ]
    sites.sort(key=lambda k: (abs(k - line), k))
    sites = sites[:MAX_LINES]
    if not sites:
        return []
    try:
        made = generate(cand.old_source, cand.path, {k: 1.0 for k in sites}, max_candidates=100_000)
    except Exception:  # noqa: BLE001 - a template failure costs only the completions
        return []
    found: dict[int, Candidate] = {}
    for c in made:
        if c.template != cand.template or c.line in found:
            continue
        other = _one_line_change(c if c.old_source else _with_old(c, cand.old_source))
        if other is None or other[0] not in sites:
            continue
        if _same_edit((old, new), (other[1], other[2])):
            found[other[0]] = c
    out: list[Candidate] = []
    merged_all = cand.new_source
    for k in sorted(found, key=lambda k: (abs(k - line), k)):
        sib = found[k]
        text = merge_sources(cand.old_source, cand.new_source, sib.new_source)
        if text is None:
            continue
        out.append(_completion(cand, text, [k]))
        got = merge_sources(cand.old_source, merged_all, sib.new_source)
        merged_all = got if got is not None else merged_all
    if len(out) >= 2 and merged_all not in {c.new_source for c in out}:
        out.append(_completion(cand, merged_all, sorted(found)))
    return out[:MAX_COMPLETIONS]


def _with_old(c: Candidate, old: str) -> Candidate:
    c.old_source = old
    return c


def _completion(cand: Candidate, text: str, sites: list[int]) -> Candidate:
    where = ", ".join(str(k) for k in sites)
    return Candidate(
        path=cand.path,
        new_source=text,
        template=f"{cand.template}+sibling",
        description=f"{cand.description} (and the same edit at line {where})",
        line=cand.line,
        prior=cand.prior,
        score=cand.score,
        old_source=cand.old_source,
        completes=cand.key,
    )
