"""Combinations of screened candidates for multi-location bugs (the engine's second round).

:func:`merge_sources` applies two changes of one file together, :func:`replicate` repeats a
one-line change at every identical line, :func:`combine` joins two candidates (same file merged,
another file carried in ``also``). :meth:`fixloop.repair.engine.RepairEngine._second_round`
builds its candidates with them from the first round's partial fixes.
"""

from __future__ import annotations

import difflib

from fixloop.repair.candidate import Candidate

__all__ = ["combine", "merge_sources", "replicate"]


def merge_sources(base: str, a: str, b: str) -> str | None:
    """Combine two changes of the same file: ``b``'s changed hunks applied on ``a``.

    Args:
        base: the original text.
        a: one changed version of ``base``, kept as it is.
        b: another changed version, whose hunks are applied on ``a``.

    Returns:
        the text with both changes, or None when their hunks overlap or touch.
    """
    la, lb, lbase = a.splitlines(True), b.splitlines(True), base.splitlines(True)
    ha = [op for op in difflib.SequenceMatcher(None, lbase, la, autojunk=False).get_opcodes()]
    hb = [op for op in difflib.SequenceMatcher(None, lbase, lb, autojunk=False).get_opcodes()]
    ca = [(i1, i2) for tag, i1, i2, _, _ in ha if tag != "equal"]
    cb = [(i1, i2, j1, j2) for tag, i1, i2, j1, j2 in hb if tag != "equal"]
    for i1, i2, _, _ in cb:
        for k1, k2 in ca:
            if i1 <= k2 and k1 <= i2:  # overlapping or adjacent
                return None
    # walk base, taking a's version of its hunks and b's version of its own
    out: list[str] = []
    ia = {i1: (i2, j1, j2) for tag, i1, i2, j1, j2 in ha if tag != "equal"}
    ib = {i1: (i2, j1, j2) for i1, i2, j1, j2 in cb}
    i = 0
    while i <= len(lbase):
        if i in ia:
            i2, j1, j2 = ia.pop(i)
            out.extend(la[j1:j2])
            if i2 > i:
                i = i2
                continue
        if i in ib:
            i2, j1, j2 = ib.pop(i)
            out.extend(lb[j1:j2])
            if i2 > i:
                i = i2
                continue
        if i < len(lbase):
            out.append(lbase[i])
        i += 1
    return "".join(out)


def one_line_change(cand: Candidate, *, keepends: bool = False) -> tuple[int, str, str] | None:
    """``(0-based line index, old line, new line)`` when ``cand`` replaces exactly one line.

    Lines keep their ends with ``keepends``. None for any other change (several lines, an
    insertion or a deletion).
    """
    a = cand.old_source.splitlines(keepends)
    b = cand.new_source.splitlines(keepends)
    ops = [
        op
        for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if len(ops) != 1 or ops[0][0] != "replace":
        return None
    _, i1, i2, j1, j2 = ops[0]
    if i2 - i1 != 1 or j2 - j1 != 1:
        return None
    return i1, a[i1], b[j1]


def replicate(cand: Candidate) -> Candidate | None:
    """The same one-line change made at every other line with the same text (multi-location).

    A candidate that changes exactly one line from ``old`` to ``new`` is extended to all other
    lines of the file whose stripped text is ``old.strip()`` (indentation kept).

    Returns:
        the extended candidate, or None when the change is not a one-line change or there is no
        other identical line.
    """
    change = one_line_change(cand, keepends=True)
    if change is None:
        return None
    i1, old, new = change
    a, b = cand.old_source.splitlines(True), cand.new_source.splitlines(True)
    key = old.strip()
    if not key:
        return None
    ind_old = old[: len(old) - len(old.lstrip())]
    body_new = new[len(ind_old) :] if new.startswith(ind_old) else new.lstrip()
    out, hits = list(b), 0
    for k, line in enumerate(a):
        if k != i1 and line.strip() == key:
            indent = line[: len(line) - len(line.lstrip())]
            out[k] = indent + body_new
            hits += 1
    if not hits:
        return None
    return Candidate(
        path=cand.path,
        new_source="".join(out),
        template=f"{cand.template}+everywhere",
        description=f"{cand.description} (at {hits + 1} identical lines)",
        line=cand.line,
        prior=cand.prior,
        score=cand.score,
        old_source=cand.old_source,
    )


def combine(a: Candidate, b: Candidate) -> Candidate | None:
    """Both candidates' changes together (same file merged, other files in ``also``).

    Returns:
        the combined candidate, or None when the changes overlap.
    """
    if a.also or b.also:
        return None
    if a.path == b.path:
        merged = merge_sources(a.old_source, a.new_source, b.new_source)
        if merged is None or merged in (a.new_source, b.new_source):
            return None
        return Candidate(
            path=a.path,
            new_source=merged,
            template=f"{a.template}+{b.template}",
            description=f"{a.description}; {b.description}",
            line=min(a.line, b.line),
            prior=a.prior * b.prior,
            score=(a.score + b.score) / 2,
            old_source=a.old_source,
        )
    return Candidate(
        path=a.path,
        new_source=a.new_source,
        template=f"{a.template}+{b.template}",
        description=f"{a.description}; {b.path}: {b.description}",
        line=a.line,
        prior=a.prior * b.prior,
        score=(a.score + b.score) / 2,
        old_source=a.old_source,
        also=(b,),
    )
