"""Parse once: the templates' :class:`~.templates_ast.FileInfo` cache and a narrow validity check.

Building libcst's tree of a file and resolving its positions is the dearest step of candidate
generation (about 0.8 CPU-s for a 4,000-line module after :func:`~.templates_ast.blank_unrelated`),
and one analysis used to build it twice per file: once for the templates
(:func:`fixloop.repair.templates.generate_candidates`) and once for the candidates the failing
tests' texts point at (:func:`fixloop.repair.templates_names.hinted_candidates`). :func:`file_info`
keeps the last few indexes, keyed by the path, the exact text and (for a long file, which is
blanked around them) the suspicious lines.

Every candidate must parse. :meth:`FileInfo.valid` re-parses the enclosing function (or
top-level statement, or the whole file when the edits fall outside the analysed code, as the
``+everywhere`` copies do); :func:`valid` parses only the smallest statement holding each edit:
a simple statement, a compound statement's header over a ``pass`` body, a compound statement
for whole lines inserted deeper into its body, a line standing alone. Most candidates change one
expression, so a long function (or file) is no longer parsed once per candidate. On
more-itertools' more.py (3,824 lines, 60 suspicious lines, 504 candidates) generation took
2.0-2.1 CPU-s before and 0.56-0.63 s after (load 16-19); the candidates are the same (52,036
candidates of 96 files and line sets compared, hash seed fixed).
"""

from __future__ import annotations

import ast
import bisect
from collections import OrderedDict
from collections.abc import Sequence

import libcst as cst

from .templates_ast import FOCUS_MIN_LINES, Edit, FileInfo, apply_edits

#: how many files' indexes are kept (an analysis works on a few suspicious files)
CACHE_SIZE = 6

_CACHE: OrderedDict[tuple[str, int, tuple[int, ...]], tuple[str, FileInfo]] = OrderedDict()
_HEADERS = (cst.If, cst.For, cst.While, cst.With)


def file_info(source: str, path: str = "", *, focus: Sequence[int] = ()) -> FileInfo:
    """The :class:`FileInfo` of ``source``, built once and then reused.

    Args:
        source: the file's text.
        path: its path (part of the key).
        focus: 1-based lines of interest, as :class:`FileInfo` takes them; they are part of the
            key only for a file of at least ``FOCUS_MIN_LINES`` lines (a shorter one is never
            blanked, so its index is the same for any focus).

    Returns:
        a cached index when one was built for the same path, text and focus among the last
        ``CACHE_SIZE``, else a new one (then cached). Shared: its ``template_errors`` collect
        the failures of every caller.

    Raises:
        whatever :class:`FileInfo` raises for a source libcst cannot parse
        (``libcst.ParserSyntaxError``, ``RecursionError``, ``ValueError``); nothing is cached then.
    """
    long = source.count("\n") + 1 >= FOCUS_MIN_LINES
    key = (path, hash(source), tuple(sorted(set(focus))) if long else ())
    got = _CACHE.get(key)
    if got is not None and got[0] == source:
        _CACHE.move_to_end(key)
        return got[1]
    fi = FileInfo(source, path, focus=focus)
    _CACHE[key] = (source, fi)
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return fi


def clear() -> None:
    """Forget every cached index (tests; a caller done with its files)."""
    _CACHE.clear()


def _spans(fi: FileInfo) -> list[tuple[int, int, int, int, str, int]]:
    """Per statement: where edits may lie, the character span to parse, and a body to add.

    ``(lo, hi, start, end, body, indent)``: edits within ``[lo, hi)`` are checked by parsing
    ``source[start:end]`` plus ``body``. A simple statement: from its first character (not its
    indentation) to before its last line break. A compound ``if``/``for``/``while``/``with``
    whose body starts on a later line: its header the same way, over a ``pass`` body. Any
    compound statement (a ``def`` too; ``indent`` >= 0): whole lines inserted in its body before
    its last line, every one indented deeper than the statement's ``indent`` (so the inserted
    lines cannot leave the statement), with the whole statement parsed.
    """
    cached = getattr(fi, "_narrow_spans", None)
    if cached is not None:
        return cached
    ls = fi.line_starts
    out: list[tuple[int, int, int, int, str, int]] = []
    for st in fi.stmts:
        first, after = ls[st.start - 1], ls[st.end]
        indent = len(fi.indent_of_line(st.start))
        if isinstance(st.node, cst.SimpleStatementLine):
            out.append((first + indent, after - 1, first, after, "", -1))
        elif st.header_end < st.end:
            if isinstance(st.node, _HEADERS):
                body = fi.indent_of_line(st.header_end + 1) + "pass\n"
                head = ls[st.header_end]
                out.append((first + indent, head - 1, first, head, body, -1))
            out.append((ls[st.header_end], ls[st.end - 1], first, after, "", indent))
    fi._narrow_spans = out  # type: ignore[attr-defined]
    return out


def _deeper_lines(fi: FileInfo, e: Edit, indent: int) -> bool:
    """``e`` inserts whole lines at a line start, each indented deeper than ``indent``."""
    if e.start != e.end or not e.text.endswith("\n") or "\r" in e.text:
        return False
    if e.start != 0 and fi.source[e.start - 1] != "\n":
        return False
    for ln in e.text[:-1].split("\n"):
        if ln.strip() and len(ln) - len(ln.lstrip(" \t")) <= indent:
            return False
    return True


def _top_boundaries(fi: FileInfo) -> set[int]:
    """Offsets where a top-level statement starts or ends (whole lines go there on their own)."""
    cached = getattr(fi, "_narrow_tops", None)
    if cached is None:
        ls = fi.line_starts
        cached = {ls[st.start - 1] for st in fi.stmts if st.depth == 1}
        cached |= {ls[st.end] for st in fi.stmts if st.depth == 1}
        fi._narrow_tops = cached  # type: ignore[attr-defined]
    return cached


def _region_of(fi: FileInfo, e: Edit) -> tuple[int, int, str] | None:
    """The smallest statement span :func:`_spans` allows for one edit, or None."""
    lines = "\n" in e.text or "\r" in e.text
    best: tuple[int, int, str] | None = None
    for a, b, s, end, body, indent in _spans(fi):
        if (indent >= 0) != lines or (lines and not _deeper_lines(fi, e, indent)):
            continue  # line breaks: only whole lines inserted into a compound statement
        if not (a <= e.start and e.end <= b) or (best is not None and end - s >= best[1] - best[0]):
            continue
        if e.start == a and (e.text + fi.source[e.end :])[:1] in ("", " ", "\t", "#"):
            continue  # the statement's own indentation would change, or it would be a comment
        best = (s, end, body)
    if best is None and e.start == e.end and e.text.endswith("\n") and e.text[:1].strip():
        if e.start in _top_boundaries(fi):  # whole unindented lines between top-level statements
            return (e.start, e.start, "")
    if best is None:
        return _line_region(fi, e)
    return best


def _line_region(fi: FileInfo, e: Edit) -> tuple[int, int, str] | None:
    """A one-line replacement of a line that is a statement (or a header) on its own.

    The ``+everywhere`` candidates rewrite identical lines in code the index left out (a long
    file is analysed only around its suspicious lines): the old line must parse alone (as a
    statement, or as a header over a ``pass`` body) for the new line to be parsed the same way.
    """
    ls = fi.line_starts
    i = bisect.bisect_right(ls, e.start) - 1
    if not (0 <= i < len(fi.lines)) or ls[i] != e.start or ls[i + 1] != e.end:
        return None
    if e.text.count("\n") != 1 or not e.text.endswith("\n"):
        return None
    old = fi.lines[i]
    indent = old[: len(old) - len(old.lstrip(" \t"))]
    if not e.text.startswith(indent) or e.text[len(indent) : len(indent) + 1] in (" ", "\t"):
        return None  # the same indentation, or the line could move to another block
    for body in ("", indent + "    pass\n"):
        if _parses_alone("if 1:\n" + (old if indent else " " + old) + body, bool(body)):
            return (e.start, e.end, body)
    return None


_COMPOUND = (ast.If, ast.For, ast.While, ast.With, ast.AsyncFor, ast.AsyncWith, ast.Try)


def _parses_alone(text: str, header: bool) -> bool:
    """``text`` parses; with ``header``, as one compound statement (the ``pass`` its body)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError):
        return False
    if not header:
        return True
    top = tree.body
    if len(top) == 1 and isinstance(top[0], ast.If) and text.startswith("if 1:\n"):
        top = top[0].body
    return len(top) == 1 and isinstance(top[0], _COMPOUND)


def valid(fi: FileInfo, new_source: str, edits: Sequence[Edit]) -> bool:
    """Whether ``new_source`` (``fi.source`` with ``edits`` applied) parses, parsing little.

    Each edit is placed in the smallest statement that holds it (:func:`_spans`: a simple
    statement's lines, a compound statement's header, or whole-line insertions in a compound
    statement's body; whole unindented lines between top-level statements stand alone); each
    such statement is parsed with its edits (a header over a ``pass`` body, under an ``if 1:``
    header when indented). When an edit fits no statement, or two of the statements overlap,
    :meth:`FileInfo.valid` decides.

    Args:
        fi: the index of the original source.
        new_source: the candidate's text.
        edits: the splices that made it from ``fi.source``.

    Returns:
        True when the candidate parses.
    """
    if not edits:
        return fi.valid(new_source, edits)
    groups: dict[tuple[int, int, str], list[Edit]] = {}
    for e in edits:
        region = _region_of(fi, e)
        if region is None:
            return fi.valid(new_source, edits)
        groups.setdefault(region, []).append(e)
    spans = sorted(groups)
    for prev, nxt in zip(spans, spans[1:], strict=False):
        if nxt[0] < prev[1]:
            return fi.valid(new_source, edits)
    for (lo, hi, body), group in groups.items():
        text = apply_edits(
            fi.source[lo:hi], [Edit(x.start - lo, x.end - lo, x.text) for x in group]
        )
        text += body
        if text[:1] in (" ", "\t"):
            text = "if 1:\n" + text
        if not _parses_alone(text, bool(body)):
            return False
    return True
