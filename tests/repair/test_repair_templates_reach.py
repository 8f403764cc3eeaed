"""Pieces a program sets up and never uses, put where they belong (templates_reach, and the
``+`` chain of templates_idioms' wrap-str). Programs written for this test: each case is a buggy
program, the fixed one, the lines made suspicious; each kind also has a twin where the piece is
used already, which must get no such candidate.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.templates import generate_candidates


def src_of(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fixing(buggy: str, fixed: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (the lines holding ``needles`` suspicious) is ``fixed``."""
    buggy, fixed = src_of(buggy), src_of(fixed)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", lines)
        if ast.dump(ast.parse(c.new_source)) == want
    ]


def templates_of(buggy: str, needles: list[str], text: str) -> list[str]:
    """Templates of the candidates whose description holds ``text``."""
    buggy = src_of(buggy)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    return [
        c.template for c in generate_candidates(buggy, "mod.py", lines) if text in c.description
    ]


UNREAD_LOCAL = """
def tariff(kwh, band):
    return kwh * band

class Meter:
    def __init__(self, bands):
        self.bands = bands
        self.reads = []

    def bills(self, band_name):
        band = self.bands[band_name]
        return [round(r * tariff, 2) for r in self.reads]
"""

FORMATTED = """
class Booking:
    def __init__(self, guest, room=None):
        self.guest = guest
        self.room = room

class Desk:
    def __init__(self, hotel: str, lobby: str = "lobby"):
        self.hotel = hotel
        self.lobby = lobby

    def slip(self, b: Booking) -> str:
        \"\"\"Guests without a room yet wait in the lobby.\"\"\"
        return f"{b.guest}: {b.room}"
"""

SLICE = """
SHORTLIST = 5

class Jury:
    def __init__(self):
        self.votes = {}

    def finalists(self):
        \"\"\"The best SHORTLIST entries by votes.\"\"\"
        order = sorted(self.votes, key=self.votes.get, reverse=True)
        return {"finalists": order, "entries": len(order)}
"""

SKIP_PUSH = """
from dataclasses import dataclass, field

@dataclass
class Sorter:
    limit: int
    bins: dict = field(default_factory=dict)
    rejected: list = field(default_factory=list)
    unknown: list = field(default_factory=list)

    def run(self, letters):
        for letter in letters:
            if letter.weight > self.limit:
                self.rejected.append(letter)
                continue
            try:
                slot = self.bins[letter.code]
            except KeyError:
                continue
            slot.append(letter)

    def report(self):
        return len(self.rejected), len(self.unknown)
"""

GUARD = """
class TooHeavy(Exception):
    pass

class Lift:
    def __init__(self, max_load):
        self.max_load = max_load

class Crate:
    def __init__(self, load_kg):
        self.load_kg = load_kg

def hoist(lift: Lift, crate: Crate) -> str:
    if crate.load_kg <= 0:
        raise ValueError("empty crate")
    return "up"
"""

CASES = [
    (  # a local bound, never read; a module function used as a value where it belongs
        "alias-local",
        UNREAD_LOCAL,
        UNREAD_LOCAL.replace("r * tariff", "r * band"),
        ["round(r"],
    ),
    (  # an optional field shown in an f-string falls back to a field the docstring names
        "wrap-or-default",
        FORMATTED,
        FORMATTED.replace("{b.room}", "{b.room or self.lobby}"),
        ["return f"],
    ),
    (  # an integer constant nothing reads bounds the list the function hands on
        "add-slice",
        SLICE,
        SLICE.replace('"finalists": order', '"finalists": order[:SHORTLIST]'),
        ["return {"],
    ),
    (  # the skipping branch forgets the push its sibling skipping branch makes
        "insert-branch-push",
        SKIP_PUSH,
        SKIP_PUSH.replace(
            "            except KeyError:\n                continue",
            "            except KeyError:\n                self.unknown.append(letter)\n"
            "                continue",
        ),
        ["continue", "except KeyError"],
    ),
    (  # the exception class nothing raises guards a bound-named field of another parameter
        "insert-cap-guard",
        GUARD,
        GUARD.replace(
            "    if crate.load_kg <= 0",
            "    if crate.load_kg > lift.max_load:\n"
            '        raise TooHeavy(f"{crate.load_kg} > {lift.max_load}")\n'
            "    if crate.load_kg <= 0",
        ),
        ["if crate.load_kg <= 0"],
    ),
    (  # a number added to a + chain holding a string literal
        "wrap-str",
        """
        def label(row, seat):
            return row + "/" + seat * 2 + "-" + seat
        """,
        """
        def label(row, seat):
            return row + "/" + seat * 2 + "-" + str(seat)
        """,
        ["return"],
    ),
]


@pytest.mark.parametrize("template,buggy,fixed,needles", CASES, ids=[c[0] for c in CASES])
def test_reach_generates_the_fix(template: str, buggy: str, fixed: str, needles: list[str]) -> None:
    assert template in fixing(buggy, fixed, needles)


TWINS = [
    (  # the local is read: no replacement by it
        UNREAD_LOCAL.replace("r * tariff", "r * tariff(1, band)"),
        ["round(r"],
        "never read",
    ),
    (  # the field is never None: no fallback in the f-string
        FORMATTED.replace("room=None", "room"),
        ["return f"],
        "optional field shown",
    ),
    (  # the constant is read elsewhere: no slice by it
        SLICE + "\ndef top(j):\n    return sorted(j.votes)[:SHORTLIST]\n",
        ["return {"],
        "is read nowhere",
    ),
    (  # the collection is filled elsewhere: no push before the continue
        SKIP_PUSH.replace(
            "    def report(self):",
            "    def note(self, x):\n        self.unknown.append(x)\n\n    def report(self):",
        ),
        ["continue", "except KeyError"],
        "before the continue",
    ),
    (  # the exception class is raised already: no guard raising it
        GUARD + "\ndef drop(lift: Lift):\n    raise TooHeavy(lift.max_load)\n",
        ["if crate.load_kg <= 0"],
        "raise TooHeavy(...)",
    ),
]


@pytest.mark.parametrize("buggy,needles,text", TWINS, ids=[t[2] for t in TWINS])
def test_reach_leaves_used_pieces_alone(buggy: str, needles: list[str], text: str) -> None:
    assert templates_of(buggy, needles, text) == []


def test_defaults_on_a_multi_line_def_are_mutated_with_its_first_line() -> None:
    buggy = """
    def fee(minutes,
            rate=12,
            cap=40):
        total = minutes * rate
        return min(total, cap)
    """
    # the tracer attributes a call to the ``def`` line only; its continuation lines run with it
    assert "constant-off-by-one" in fixing(buggy, buggy.replace("cap=40", "cap=41"), ["def fee"])
