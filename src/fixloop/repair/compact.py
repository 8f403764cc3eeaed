"""Candidate generation on a large file from its suspicious definitions only, mapped back.

The templates already analyse a long file only around its suspicious lines
(:func:`fixloop.repair.templates_syntax.blank_unrelated`: the functions and classes holding
none of them turned to spaces, so that offsets stay the file's). The blanked lines stay in the
syntax tree, though, as thousands of empty-line nodes, and every template that walks the module
(names read in it, collections filled anywhere, exceptions raised anywhere) walks them once per
suspicious statement: on arrow 1.3.0's ``locales.py`` (6,485 lines of locale classes, 33
suspicious lines in two of them) generation took 100-230 s on a loaded machine, most of it in
libcst's visits of whitespace. Generated on the compact text: 6.9-14.2 s instead of 66 s wall
(2.4-3.9 instead of 20 CPU s, load 9-13), the same 500 candidates in the same order.

:func:`generate_compact` hands the generator the file with the *bodies* of those definitions
left out (each kept as its decorators, its header and one ``...`` line, so every name the module
defines is still defined: a few hundred lines), the suspicious lines renumbered, and maps each
candidate back onto the whole file: the changed lines of the compact text (common prefix and
suffix, else :mod:`difflib`'s hunks) replace the same lines of the file, an inserted line goes
right after the line before it (after the whole left-out body for a ``...`` line). A one-line
change whose identical twins all sit in left-out bodies gets the ``+everywhere`` variant the
generator makes on the whole file (:func:`_everywhere`), and a generated ``+everywhere``
candidate changes the twins in left-out bodies too. A candidate whose change spans left-out code
is dropped, and one inserting next to left-out code must parse. Files shorter than
``COMPACT_MIN_LINES``, and files whose compact text would keep more than a third of their
lines, go to the generator as they are: their candidates and their order are the generator's
own (every file of bugsuite-dev and the held-out suites).
"""

from __future__ import annotations

import ast
import dataclasses
import difflib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from fixloop.repair.candidate import Candidate

#: the shortest file generated on its compact text: below it the gain is small (arrow's
#: 1,869-line arrow.py: 24 instead of 28 CPU s) and the templates' evidence of the whole module
#: (an attribute stored in a left-out method, a twin line in a left-out body) may differ
COMPACT_MIN_LINES = 2000

#: the compact text is used when the file has at least this many times its lines
COMPACT_SHARE = 3

#: the templates' entry point: ``(source, path, suspicious, *, max_candidates) -> [Candidate]``
Generator = Callable[..., list[Candidate]]


@dataclass(frozen=True)
class Compact:
    """A file with the bodies of its unrelated definitions left out.

    Attributes:
        source: the compact text: the file's lines byte for byte, each left-out body replaced
            by one ``...`` line (so the definition's name, signature and decorators stay).
        kept: for each line of ``source`` (0-based), its 0-based line in the file, or -1 for a
            ``...`` line standing for a left-out body.
        after: for each line of ``source``, the file's 0-based line right after it (the end of
            the left-out body for a ``...`` line).
        lines: the file's lines (line endings kept).
    """

    source: str
    kept: tuple[int, ...]
    after: tuple[int, ...]
    lines: tuple[str, ...]

    def to_file_line(self, line: int) -> int:
        """The file's 1-based line of the compact text's 1-based ``line`` (as is when outside)."""
        if not 1 <= line <= len(self.kept):
            return line
        k = self.kept[line - 1]
        return k + 1 if k >= 0 else self.after[line - 1]


_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _bodies(tree: ast.Module, focus: set[int], lines: Sequence[str]) -> list[tuple[int, int, str]]:
    """The left-out bodies: ``(first, end, indent)`` 0-based lines ``[first, end)``.

    The definitions :func:`~.templates_syntax.blank_unrelated` blanks (module-level functions
    and classes holding no focus line; the methods of a kept class holding none), each whose
    body starts on a line of its own.
    """

    def first_line(node: ast.stmt) -> int:
        return min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])

    def holds(node: ast.stmt) -> bool:
        lo, hi = first_line(node), node.end_lineno or node.lineno
        return any(lo <= ln <= hi for ln in focus)

    nodes: list[ast.stmt] = []
    for node in tree.body:
        if not isinstance(node, _DEFS):
            continue
        if not holds(node):
            nodes.append(node)
        elif isinstance(node, ast.ClassDef):
            inner = [m for m in node.body if isinstance(m, _DEFS) and not holds(m)]
            if len(inner) < len(node.body):
                nodes.extend(inner)
    out = []
    for node in nodes:
        body = node.body[0]  # type: ignore[attr-defined]
        start = body.lineno - 1
        text = lines[start]
        if body.lineno <= node.lineno or text[: body.col_offset].strip():
            continue  # the body shares a line with the header: kept whole
        end = node.end_lineno or node.lineno
        out.append((start, end, text[: body.col_offset]))
    return out


def compact(source: str, focus: Sequence[int]) -> Compact | None:
    """``source`` with the bodies of the definitions that hold no ``focus`` line left out.

    Those are the definitions :func:`~.templates_syntax.blank_unrelated` blanks (whole
    functions, classes and methods); each keeps its decorators and header, its body becomes one
    ``...`` line. None: a file shorter than ``COMPACT_MIN_LINES``, one that does not parse, or
    one whose compact text keeps more than ``1 / COMPACT_SHARE`` of its lines.
    """
    lines = source.splitlines(keepends=True)
    if len(lines) < COMPACT_MIN_LINES:
        return None
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    bodies = _bodies(tree, set(focus), lines)
    if not bodies:
        return None
    text: list[str] = []
    kept: list[int] = []
    after: list[int] = []
    i = 0
    for start, end, indent in sorted(bodies):
        for k in range(i, start):
            text.append(lines[k])
            kept.append(k)
            after.append(k + 1)
        eol = lines[start][len(lines[start].rstrip("\r\n")) :] or "\n"
        text.append(f"{indent}...{eol}")
        kept.append(-1)
        after.append(end)
        i = end
    for k in range(i, len(lines)):
        text.append(lines[k])
        kept.append(k)
        after.append(k + 1)
    if len(kept) * COMPACT_SHARE > len(lines):
        return None  # little to leave out: the whole file, as the templates see it
    return Compact("".join(text), tuple(kept), tuple(after), tuple(lines))


def _hunks(old: list[str], new: list[str]) -> list[tuple[int, int, int, int]]:
    """``(i1, i2, j1, j2)``: ``old[i1:i2]`` became ``new[j1:j2]``, top first."""
    p = 0
    while p < len(old) and p < len(new) and old[p] == new[p]:
        p += 1
    s = 0
    while s < len(old) - p and s < len(new) - p and old[-1 - s] == new[-1 - s]:
        s += 1
    if p == len(old) and p == len(new):
        return []
    i2, j2 = len(old) - s, len(new) - s
    sm = difflib.SequenceMatcher(None, old[p:i2], new[p:j2], autojunk=False)
    return [
        (p + a1, p + a2, p + b1, p + b2)
        for tag, a1, a2, b1, b2 in sm.get_opcodes()
        if tag != "equal"
    ]


def expand(c: Candidate, cp: Compact, source: str) -> Candidate | None:
    """``c`` (a candidate of the compact text) as a candidate of the whole file, or None.

    None: a change spanning left-out lines, or an insertion beside left-out lines after which
    the file does not parse.
    """
    old = cp.source.splitlines(keepends=True)
    new = c.new_source.splitlines(keepends=True)
    out = list(cp.lines)
    check = False
    swaps: dict[str, str] = {}  # a "+everywhere" change: stripped old line -> new line's body
    hunks = _hunks(old, new)
    for i1, i2, j1, j2 in reversed(hunks):
        if i1 < i2:
            o1, o2 = cp.kept[i1], cp.kept[i2 - 1] + 1
            if min(cp.kept[i1:i2]) < 0 or o2 - o1 != i2 - i1:
                return None  # the change spans left-out code
            if i2 - i1 == j2 - j1:
                for a, b in zip(old[i1:i2], new[j1:j2], strict=True):
                    swaps[a.strip()] = b[len(b) - len(b.lstrip()) :]
        else:
            o1 = o2 = cp.after[i1 - 1] if i1 > 0 else 0
            check = (
                check
                or (i1 > 0 and cp.kept[i1 - 1] < 0)
                or (i1 < len(cp.kept) and cp.kept[i1] != o1)
            )
        out[o1:o2] = new[j1:j2]
    twins = False
    if "+everywhere" in c.template and swaps:
        kept = set(cp.kept)
        for i, ln in enumerate(cp.lines):
            body = swaps.get(ln.strip())
            if i not in kept and body is not None and ln.strip():
                out[i] = ln[: len(ln) - len(ln.lstrip())] + body
                twins = True
    text = "".join(out)
    if check:
        try:
            ast.parse(text)
        except (SyntaxError, ValueError):
            return None
    also = tuple(a for a in (_also(a, cp, source, c.path) for a in c.also) if a is not None)
    got = dataclasses.replace(
        c, new_source=text, old_source=source, line=cp.to_file_line(c.line), also=also, _size=None
    )
    if len(hunks) == 1 and not twins:
        # one hunk: the size Candidate.diff_lines would compute on the whole file (the same
        # changed lines between equal ones), known here without diffing thousands of lines
        i1, i2, j1, j2 = hunks[0]
        got._size = (got.old_source, got.new_source, (i2 - i1) + (j2 - j1))
    return got


def _also(a: Candidate, cp: Compact, source: str, path: str) -> Candidate | None:
    return expand(a, cp, source) if a.path == path else a


def generate_compact(
    gen: Generator,
    source: str,
    path: str,
    suspicious: dict[int, float],
    max_candidates: int,
) -> list[Candidate]:
    """``gen``'s candidates of ``source``, generated on its compact text when it is large.

    Args:
        gen: the candidate generator (:func:`fixloop.repair.templates.generate_candidates`).
        source: the file's text.
        path: its path.
        suspicious: 1-based line -> suspiciousness.
        max_candidates: passed to ``gen``.

    Returns:
        the candidates of the whole file, in ``gen``'s order (those that could not be mapped
        back left out); for a short file (or nothing to leave out) ``gen``'s own result.

    Raises:
        whatever ``gen`` raises.
    """
    cp = compact(source, [ln for ln, s in suspicious.items() if s > 0])
    if cp is None:
        return gen(source, path, suspicious, max_candidates=max_candidates)
    where = {f: i + 1 for i, f in enumerate(cp.kept) if f >= 0}
    lines = {where[ln - 1]: s for ln, s in suspicious.items() if ln - 1 in where}
    made = gen(cp.source, path, lines, max_candidates=max_candidates)
    out: list[tuple[Candidate, int]] = []
    seen = {source}
    compact_lines = cp.source.splitlines(keepends=True)
    counts = Counter(ln.strip() for ln in cp.lines)
    shown = Counter(ln.strip() for ln in compact_lines)
    for n, c in enumerate(made):
        if not c.old_source:
            c.old_source = cp.source
        got = expand(c, cp, source)
        if got is None or got.new_source in seen:
            continue
        seen.add(got.new_source)
        out.append((got, n))
        extra = _everywhere(c, got, cp, compact_lines, counts, shown)
        if extra is not None and extra.new_source not in seen:
            seen.add(extra.new_source)
            out.append((extra, n))
    # the generator's order: score, prior, line, template (a variant right after its mutation)
    out.sort(key=lambda t: (-t[0].score, -t[0].prior, t[0].line, t[0].template, t[1]))
    return [c for c, _ in out[:max_candidates]]


def _everywhere(
    c: Candidate,
    whole: Candidate,
    cp: Compact,
    compact_lines: list[str],
    counts: Counter[str],
    shown: Counter[str],
) -> Candidate | None:
    """The ``+everywhere`` variant the generator would have made on the whole file, or None.

    The generator changes every line reading the same as a one-line change's line
    (:func:`fixloop.repair.templates._everywhere`) only among the lines it sees: a line whose
    twins are all in left-out bodies (a method copied into every locale class) gets its variant
    here, the twins changed alike, prior and score times ``EVERYWHERE_FACTOR``.
    """
    if "+everywhere" in c.template or c.also:
        return None
    hunks = _hunks(compact_lines, c.new_source.splitlines(keepends=True))
    if len(hunks) != 1:
        return None
    i1, i2, j1, j2 = hunks[0]
    if i2 - i1 != 1 or j2 - j1 != 1 or cp.kept[i1] < 0:
        return None
    old_line, new_line = compact_lines[i1], c.new_source.splitlines(keepends=True)[j1]
    key = old_line.strip()
    if new_line.strip() in ("", "pass"):
        return None  # a deletion: the generator's own edit spans the line break, no variant
    if len(key) < 6 or shown[key] != 1 or counts[key] < 2:
        return None  # no twin, or the generator saw one (its own variant then)
    indent = old_line[: len(old_line) - len(old_line.lstrip())]
    body = new_line[len(indent) :] if new_line.startswith(indent) else new_line.lstrip()
    out = whole.new_source.splitlines(keepends=True)
    for i, ln in enumerate(cp.lines):
        if i != cp.kept[i1] and ln.strip() == key:
            out[i] = ln[: len(ln) - len(ln.lstrip())] + body
    from fixloop.repair.templates import EVERYWHERE_FACTOR

    return dataclasses.replace(
        whole,
        new_source="".join(out),
        template=f"{c.template}+everywhere",
        description=f"{c.description} (on every identical line)",
        prior=c.prior * EVERYWHERE_FACTOR,
        score=c.score * EVERYWHERE_FACTOR,
        _size=None,
    )
