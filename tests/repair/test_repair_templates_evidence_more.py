"""The evidence templates (templates_evidence), continued: a flag handed on, a number the
docstring counts from 1, a lookup of a mapping to lists in a sort key, a lone regex atom.

Every case is a small buggy program written for this test (not taken from any suite); the fix
must be among the candidates generated for the buggy line (oracle localization), under the
template named, within the first ``RANK`` candidates; the negative cases check that the
templates stay silent without their evidence.
"""

from __future__ import annotations

import pytest
from repair_oracle import ranked_fixes as fixing
from repair_oracle import src_of as src
from repair_oracle import templates_on

from fixloop.repair.templates_patterns import _bare_atoms, pattern_variants

RANK = 60


NOT_FLAG_POSITIONAL = (
    """
    def render(rows, plain: bool = False):
        return layout(rows, plain)

    def layout(rows, fancy):
        return rows if not fancy else [f"*{r}*" for r in rows]
    """,
    """
    def render(rows, plain: bool = False):
        return layout(rows, not plain)

    def layout(rows, fancy):
        return rows if not fancy else [f"*{r}*" for r in rows]
    """,
    "return layout",
)

NOT_FLAG_FIELD_KEYWORD = (
    """
    from dataclasses import dataclass

    @dataclass
    class Lamp:
        dimmed: bool = False

        def settings(self, make):
            return make(bright=self.dimmed, level=3)
    """,
    """
    from dataclasses import dataclass

    @dataclass
    class Lamp:
        dimmed: bool = False

        def settings(self, make):
            return make(bright=not self.dimmed, level=3)
    """,
    "return make",
)

NOT_FLAG_ELEMENT = (
    """
    def row(name, hidden=True):
        return [name, hidden]
    """,
    """
    def row(name, hidden=True):
        return [name, not hidden]
    """,
    "return [name",
)

OFFSET_CALL = (
    '''
    PER_ROW = 8

    def place(seat: int):
        """Row and column from 0; seats are numbered from 1."""
        return divmod(seat, PER_ROW)
    ''',
    '''
    PER_ROW = 8

    def place(seat: int):
        """Row and column from 0; seats are numbered from 1."""
        return divmod(seat - 1, PER_ROW)
    ''',
    "return divmod",
)

OFFSET_INDEX = (
    '''
    class Shelf:
        def __init__(self, jars):
            self.jars = jars

        def jar(self, number: int):
            """The jar at a position counted from 1, left to right."""
            return self.jars[number]
    ''',
    '''
    class Shelf:
        def __init__(self, jars):
            self.jars = jars

        def jar(self, number: int):
            """The jar at a position counted from 1, left to right."""
            return self.jars[number - 1]
    ''',
    "return self.jars",
)

OFFSET_OPERAND = (
    '''
    WIDTH = 30

    def left_edge(column):
        """Pixels from the left of a 1-based column."""
        offset = column * WIDTH
        return offset
    ''',
    '''
    WIDTH = 30

    def left_edge(column):
        """Pixels from the left of a 1-based column."""
        offset = (column - 1) * WIDTH
        return offset
    ''',
    "offset = column",
)

OFFSET_KEYWORD = (
    """
    def badge(make, lane: int):
        \"\"\"The badge of a runner in a lane numbered from 1 (the track's slots count from 0).\"\"\"
        return make(slot=lane, colour="red")
    """,
    """
    def badge(make, lane: int):
        \"\"\"The badge of a runner in a lane numbered from 1 (the track's slots count from 0).\"\"\"
        return make(slot=lane - 1, colour="red")
    """,
    "return make",
)

MORE_CASES = [
    ("wrap-not", *NOT_FLAG_POSITIONAL),
    ("wrap-not", *NOT_FLAG_FIELD_KEYWORD),
    ("wrap-not", *NOT_FLAG_ELEMENT),
    ("arg-off-by-one", *OFFSET_CALL),
    ("off-by-one", *OFFSET_INDEX),  # an index: the index template reaches it first
    ("arg-off-by-one", *OFFSET_KEYWORD),
    ("arg-off-by-one", *OFFSET_OPERAND),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), MORE_CASES)
def test_a_flag_or_a_one_based_number_in_this_position(template, buggy, fixed, needle):
    found = fixing(buggy, fixed, needle)
    assert template in [t for _, t in found], found
    assert min(k for k, t in found if t == template) < RANK


def test_no_documented_offset_without_one_based_words():
    buggy = '''
    PER_ROW = 8

    def place(seat: int):
        """Row and column of a seat."""
        return divmod(seat, PER_ROW)
    '''
    assert not [d for _, d in templates_on(buggy, "return divmod") if "counts it from 1" in d]


def test_no_not_for_a_value_that_is_no_flag():
    buggy = """
    def render(rows, width: int = 3):
        return layout(rows, width)
    """
    assert not [d for _, d in templates_on(buggy, "return layout") if "flag handed on" in d]


KEY_LOOKUP = """
from dataclasses import dataclass, field


@dataclass
class Board:
    lanes: dict[str, list[int]] = field(default_factory=dict)

    def busiest(self) -> str:
        return max(self.lanes, key=lambda k: self.lanes[k])

    def order(self) -> list[str]:
        return sorted(self.lanes, key=lambda k: (self.lanes[k], k))

    def quietest(self) -> str:
        return min(sorted(self.lanes), key=lambda k: self.lanes[k])
"""


@pytest.mark.parametrize(
    ("needle", "new"),
    [
        ("return max(", "return max(self.lanes, key=lambda k: len(self.lanes[k]))"),
        ("return sorted(", "return sorted(self.lanes, key=lambda k: (len(self.lanes[k]), k))"),
        ("return min(", "return min(sorted(self.lanes), key=lambda k: len(self.lanes[k]))"),
    ],
)
def test_a_lookup_of_a_mapping_to_lists_in_a_sort_key_is_measured(needle, new):
    # no ``len`` of the field anywhere: the annotation says its values are lists
    fixed = "\n".join(
        ("        " + new) if needle in ln else ln for ln in src(KEY_LOOKUP).splitlines()
    )
    found = fixing(KEY_LOOKUP, fixed + "\n", needle)
    assert "key-measure" in [t for _, t in found], found


def test_a_lookup_of_a_mapping_to_numbers_is_not_measured():
    numeric = KEY_LOOKUP.replace("dict[str, list[int]]", "dict[str, int]")
    assert not [t for t, _ in templates_on(numeric, "return max(") if t == "key-measure"]


@pytest.mark.parametrize(
    ("body", "raw", "samples", "documented", "want"),
    [
        (r"\bgate\s+(\d)\b", True, ["gate 12 and gate 7"], [], r"\bgate\s+(\d{1,2})\b"),
        (r"^[A-Z]\d$", True, [], [], r"^[A-Z]\d+$"),  # anchored, no sample: repeated
        # a class, from an input: the run the pattern takes ("abc"), not the longest ("tags")
        (r"#([a-z])", True, ["tags #abc"], [], r"#([a-z]{1,3})"),
        # a date in the same input does not set the bound of the gate's number
        (r"gate\s+(\d)\b", True, ["2026-05-01: gate 12"], [], r"gate\s+(\d{1,2})\b"),
        ("(\\\\w)-", False, [], [4], "(\\\\w{1,4})-"),  # plain string, a documented bound
    ],
)
def test_a_lone_atom_is_repeated(body, raw, samples, documented, want):
    got = [new for _, new, _ in pattern_variants(body, raw, (), (), documented, samples)]
    assert want in got


def test_atoms_with_a_quantifier_or_inside_a_class_are_not_repeated_again():
    assert _bare_atoms(r"[\d.]+x\d*", True, (), ["x 123"]) == []
    assert _bare_atoms(r"\\d", True, (), []) == []  # an escaped backslash and a 'd'
