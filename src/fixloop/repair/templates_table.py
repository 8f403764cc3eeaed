"""A literal table completed by analogy: the rows its own scaling pattern implies but it lacks.

Lookup tables of ``(number, text)`` pairs often follow a scaling pattern: most rows have a
partner whose number is ``k`` times theirs and whose text is theirs with each symbol replaced by
its ``k``-times symbol (``(9, "IX")`` and ``(90, "XC")``; ``(1, "I")``, ``(10, "X")``,
``(100, "C")``). A row that breaks the pattern's closure is missing from the table: when
``(90, "XC")`` has no ``(900, ...)`` partner while the symbols ``X -> C`` and ``C -> M`` are known,
the row ``(900, "CM")`` is implied. The fix is a proportional analogy over the table's own rows
(the "plastic surgery" of Barr et al., FSE 2014, at the level of data; Hofstadter and Mitchell's
Copycat letter-string analogies are the classic formulation).

``table-complete``: every implied row inserted at once, each next to its nearest neighbour in
the table's order, written like that neighbour. Only the complete set is proposed (a partial
completion passes the tests that happen to probe one of the rows). Anchored at a suspicious
statement that reads the table by name (``for value, numeral in _NUMERALS:``) or at the
table's own assignment.
"""

from __future__ import annotations

from collections import Counter

import libcst as cst

from .templates_ast import Edit, FileInfo, Mutation, StmtInfo, code
from .templates_positions import module_assignments

#: at least this many rows before a table's pattern is trusted
MIN_ROWS = 5
#: at least this many row pairs must show a ratio before it counts as the table's scale
MIN_PAIRS = 3
PRIOR = 0.45


def _row(el: cst.BaseElement) -> tuple[int, str, cst.Tuple] | None:
    """``(number, text, node)`` of a ``(int, "str")`` or ``("str", int)`` tuple element."""
    t = el.value
    if not isinstance(t, cst.Tuple) or len(t.elements) != 2:
        return None
    a, b = t.elements[0].value, t.elements[1].value
    if isinstance(b, cst.Integer) and isinstance(a, cst.SimpleString):
        a, b = b, a
    if not (isinstance(a, cst.Integer) and isinstance(b, cst.SimpleString)):
        return None
    text = b.evaluated_value
    if not isinstance(text, str) or not text:
        return None
    try:
        return int(a.evaluated_value), text, t
    except (TypeError, ValueError):
        return None


def implied_rows(rows: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The ``(number, text)`` rows the table's scaling pattern implies and it lacks.

    The scale ``k`` is the integer ratio most row pairs show (at least ``MIN_PAIRS``); the symbol
    map comes from the pairs of one-character texts at that ratio (it must be consistent). A
    row ``(v, s)`` whose symbols all map implies ``(k * v, mapped s)``, and one whose symbols all
    map back implies ``(v / k, ...)`` when that is an integer; rows already present (by number)
    are left out.
    """
    values = {v: s for v, s in rows}
    if len(values) < MIN_ROWS:
        return []
    ratios: Counter[int] = Counter()
    for v in values:
        for w in values:
            if v > 0 and w > v and w % v == 0:
                ratios[w // v] += 1
    if not ratios:
        return []
    k, n = ratios.most_common(1)[0]
    if n < MIN_PAIRS:
        return []
    up: dict[str, str] = {}
    for v, s in values.items():
        t = values.get(v * k)
        if t is not None and len(s) == 1 and len(t) == 1:
            if up.get(s, t) != t:
                return []
            up[s] = t
    down = {t: s for s, t in up.items()}
    if len(up) < 2 or len(down) != len(up):
        return []
    out: list[tuple[int, str]] = []
    for v, s in sorted(values.items()):
        if v * k not in values and all(c in up for c in s):
            out.append((v * k, "".join(up[c] for c in s)))
        if v % k == 0 and v // k not in values and all(c in down for c in s):
            out.append((v // k, "".join(down[c] for c in s)))
    seen: set[int] = set()
    return [r for r in out if not (r[0] in seen or seen.add(r[0]))]  # type: ignore[func-returns-value]


def _tables(fi: FileInfo) -> dict[str, cst.List | cst.Tuple]:
    """Module-level ``NAME = [(int, "str"), ...]`` tables by name."""
    return {
        name: value
        for name, value in module_assignments(fi)
        if isinstance(value, (cst.List, cst.Tuple))
    }


def table_mutations(fi: FileInfo, st: StmtInfo) -> list[Mutation]:
    """``table-complete`` for a table the statement reads (or assigns), see the module docstring."""
    tables = _tables(fi)
    if not tables:
        return []
    names = fi.names_in(st.node) if st.header_end == st.end else set()
    if st.header_end < st.end:  # a compound statement: its header only
        for n in fi.header_nodes(st):
            if isinstance(n, cst.Name):
                names.add(n.value)
    out: list[Mutation] = []
    for name in sorted(names & set(tables)):
        m = _complete(fi, tables[name], name, st.start)
        if m is not None:
            out.append(m)
    return out


def _complete(fi: FileInfo, table: cst.List | cst.Tuple, name: str, line: int) -> Mutation | None:
    parsed = [_row(el) for el in table.elements]
    rows = [r for r in parsed if r is not None]
    if len(rows) != len(parsed) or any(r[2] not in fi.positions for r in rows):
        return None
    missing = implied_rows([(v, s) for v, s, _ in rows])
    if not missing:
        return None
    nums = [v for v, _, _ in rows]
    descending = nums == sorted(nums, reverse=True)
    if not descending and nums != sorted(nums):
        return None
    inserts: dict[int, list[tuple[int, str]]] = {}
    for v, s in missing:
        # before the first row it precedes in the table's order, else after the last row
        after = [r for r in rows if (r[0] < v if descending else r[0] > v)]
        anchor = after[0] if after else rows[-1]
        new_row = _row_like(fi, anchor[2], v, s)
        line_no = fi.line_of(anchor[2])
        own_line = fi.lines[line_no - 1]
        full = code(anchor[2])  # with its parentheses (a node's span leaves them out)
        at = own_line.find(full)
        if at < 0:
            return None
        if own_line.strip().rstrip(",").rstrip() == full and after:
            indent = own_line[: len(own_line) - len(own_line.lstrip())]
            pos, text = fi.line_starts[line_no - 1], f"{indent}{new_row},\n"
        elif after:
            pos, text = fi.line_starts[line_no - 1] + at, f"{new_row}, "
        else:
            pos, text = fi.line_starts[line_no - 1] + at + len(full), f", {new_row}"
        inserts.setdefault(pos, []).append((v, text))
    edits = [
        Edit(
            pos,
            pos,
            "".join(t for _, t in sorted(group, key=lambda g: -g[0] if descending else g[0])),
        )
        for pos, group in inserts.items()
    ]
    words = ", ".join(f"({v}, {s!r})" for v, s in missing)
    return Mutation(tuple(edits), "table-complete", f"{name}: add {words}", line, PRIOR)


def _row_like(fi: FileInfo, like: cst.Tuple, number: int, text: str) -> str:
    """A row ``(number, "text")`` written as ``like`` is (element order, quotes, spacing)."""
    els = []
    for el in like.elements:
        v = el.value
        if isinstance(v, cst.Integer):
            v = v.with_changes(value=str(number))
        elif isinstance(v, cst.SimpleString):
            quote = v.quote
            body = repr(text)[1:-1]
            if quote == '"':
                body = body.replace("\\'", "'").replace('"', '\\"')
            v = v.with_changes(value=f"{v.prefix}{quote}{body}{quote}")
        els.append(el.with_changes(value=v))
    return code(like.with_changes(elements=els))
