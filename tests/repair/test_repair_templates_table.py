"""A literal table completed by the rows its own scaling pattern implies (templates_table.py)."""

from __future__ import annotations

import textwrap

from fixloop.repair.templates_ast import FileInfo, apply_edits
from fixloop.repair.templates_table import implied_rows, table_mutations

BUGGY = textwrap.dedent(
    """\
    MARKS = [
        (3000, "ddd"),
        (1000, "d"),
        (100, "c"),
        (30, "bbb"),
        (10, "b"),
        (3, "aaa"),
        (1, "a"),
    ]


    def spell(n):
        out = []
        for value, mark in MARKS:
            count, n = divmod(n, value)
            out.append(mark * count)
        return "".join(out)
    """
)


def _mutations(source: str, needle: str) -> list:
    fi = FileInfo(source, "marks.py")
    line = next(i for i, ln in enumerate(source.splitlines(), 1) if needle in ln)
    st = fi.stmt_at(line)
    assert st is not None
    return table_mutations(fi, st)


def test_the_rows_the_pattern_implies_are_inserted_in_the_tables_order() -> None:
    muts = _mutations(BUGGY, "for value, mark in MARKS")
    assert len(muts) == 1 and muts[0].template == "table-complete"
    fixed = apply_edits(BUGGY, muts[0].edits)
    assert '    (1000, "d"),\n    (300, "ccc"),\n    (100, "c"),\n' in fixed
    assert fixed.count("\n") == BUGGY.count("\n") + 1  # only the one implied row
    # from the table's own assignment too
    assert [m.description for m in _mutations(BUGGY, "MARKS = [")] == [muts[0].description]


def test_no_row_without_a_consistent_pattern() -> None:
    words = [(1, "one"), (2, "two"), (3, "three"), (4, "four"), (5, "five"), (10, "ten")]
    assert implied_rows(words) == []
    # a symbol mapped two ways: no analogy
    assert implied_rows([(1, "a"), (10, "b"), (2, "c"), (20, "b"), (100, "x"), (3, "a")]) == []
    complete = [(1, "a"), (10, "b"), (100, "c"), (3, "aa"), (30, "bb"), (300, "cc")]
    assert implied_rows(complete) == []
    plain = BUGGY.replace("MARKS", "ROWS").replace(
        "for value, mark in ROWS", "for value in range(3)"
    )
    assert _mutations(plain, "for value in range(3)") == []
