"""Whole-line helpers of the statement templates: line spans, simple lines, enclosing statements.

Split out of :mod:`.templates_stmt` so that its template modules (:mod:`.templates_checks`,
:mod:`.templates_returns`, :mod:`.templates_insert`) share them without importing each other;
:func:`inserted` is every statement template's insertion of whole lines at one offset.
"""

from __future__ import annotations

from typing import cast

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, is_docstring


def _line_span(fi: FileInfo, first: int, last: int) -> tuple[int, int]:
    """Offsets of whole lines ``first..last`` (1-based, inclusive)."""
    return fi.line_starts[first - 1], fi.line_starts[last]


def _simple(st: StmtInfo) -> bool:
    return isinstance(st.node, cst.SimpleStatementLine) and st.alone and not is_docstring(st.node)


def _line(st: StmtInfo) -> cst.SimpleStatementLine:
    """``st.node`` as the simple statement line :func:`_simple` found it to be."""
    return cast(cst.SimpleStatementLine, st.node)


def _one_line(text: str) -> str:
    t = " ".join(text.split())
    return t if len(t) <= 50 else t[:47] + "..."


def _enclosing_header(fi: FileInfo, st: StmtInfo) -> StmtInfo | None:
    """The compound statement whose body holds ``st``."""
    best = None
    for other in fi.stmts:
        if other is st or not isinstance(
            other.node, (cst.If, cst.For, cst.While, cst.With, cst.Try)
        ):
            continue
        if other.start < st.start and st.end <= other.end and other.depth < st.depth:
            if best is None or other.depth > best.depth:
                best = other
    return best


def _nearest_return(fi: FileInfo, st: StmtInfo) -> str | None:
    """The text of the function's ``return`` statement nearest to ``st`` (not ``st`` itself)."""
    best: tuple[int, str] | None = None
    for other in fi.stmts:
        if other is st or other.func is not st.func or not _simple(other):
            continue
        if isinstance(_line(other).body[0], cst.Return):
            d = abs(other.start - st.start)
            if best is None or d < best[0]:
                best = (d, fi.stmt_text(other, "").strip())
    return best[1] if best else None


def _loop_around(fi: FileInfo, st: StmtInfo) -> StmtInfo | None:
    """The innermost ``for``/``while`` of the same function whose body holds ``st``."""
    best = None
    for other in fi.stmts:
        if not isinstance(other.node, (cst.For, cst.While)) or other.func is not st.func:
            continue
        if other.header_end < st.start and st.end <= other.end and other.depth < st.depth:
            if best is None or other.depth > best.depth:
                best = other
    return best


def inserted(
    pos: int, text: str, template: str, description: str, line: int, prior: float
) -> Mutation:
    """A mutation inserting ``text`` (whole lines, newline-terminated) at offset ``pos``.

    Args:
        pos: character offset in the source, a line start.
        text: the lines to insert, indented as they must stand.
        template: the template's name.
        description: what the insertion does, for the user.
        line: the 1-based line the candidate is ranked by (its anchor statement).
        prior: the mutation's prior.
    """
    return Mutation((Edit(pos, pos, text),), template, description, line, prior)
