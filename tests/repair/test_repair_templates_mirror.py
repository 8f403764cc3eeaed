"""Mirror images and named ingredients (templates_mirror; the sentinel default of
templates_wrappers; ``while self.q`` of templates_wrap). Programs written for this test: each case
is a buggy program, its fixed one and the lines made suspicious; each kind also has a twin without
the sign (the names do not swap, no guard equates the names, the field is text), which must get no
such candidate.
"""

from __future__ import annotations

from repair_oracle import fixing, src_of
from repair_oracle import suspicious as _lines

from fixloop.repair.templates import generate_candidates


def descriptions(buggy: str, needles: list[str], template: str) -> list[str]:
    buggy = src_of(buggy)
    return [
        c.description
        for c in generate_candidates(buggy, "mod.py", _lines(buggy, needles))
        if c.template == template
    ]


CHESS = """
class Club:
    def __init__(self):
        self.white = []
        self.black = []
        self.boards = []
        self.notes = []

    def join(self, player, side):
        if side == "white":
            if self.black:
                self.boards.append((player, self.black.pop(0)))
            else:
                self.notes.append(f"{player} waits with white")
                self.white.append(player)
        else:
            if self.white:
                self.boards.append((self.white.pop(0), player))
            else:
                self.notes.append(f"{player} waits with black")
"""


def test_twin_branch_push_with_the_names_swapped():
    fixed = CHESS.replace(
        'waits with black")\n', 'waits with black")\n                self.black.append(player)\n'
    )
    assert "insert-twin-branch" in fixing(CHESS, fixed, ['waits with black"'])


def test_no_twin_branch_when_the_tests_differ_in_more_than_one_name():
    other = CHESS.replace("            if self.white:", "            if self.boards and player:")
    assert descriptions(other, ['waits with black"'], "insert-twin-branch") == []


def test_no_twin_branch_when_the_branches_do_not_align():
    # the short branch does something else first: it is no copy of the long one less a statement
    other = CHESS.replace(
        '                self.notes.append(f"{player} waits with black")',
        "                self.boards.clear()",
    )
    assert descriptions(other, ["self.boards.clear()"], "insert-twin-branch") == []


LIBRARY = """
from dataclasses import dataclass, field


@dataclass
class Copy:
    barcode: str
    title: str
    borrower: str = ""


@dataclass
class Library:
    copies: list[Copy] = field(default_factory=list)
    lent: dict[str, int] = field(default_factory=dict)

    def lend(self, title, reader):
        for copy in self.copies:
            if copy.title == title and not copy.borrower:
                copy.borrower = reader
                self.lent[title] = self.lent.get(title, 0) + 1
                return copy.barcode
        raise LookupError(title)

    def give_back(self, barcode):
        for copy in self.copies:
            if copy.barcode == barcode:
                if not copy.borrower:
                    raise ValueError(barcode)
                copy.borrower = ""
                return
        raise KeyError(barcode)
"""


def test_counter_undone_under_the_name_the_guard_equates():
    fixed = LIBRARY.replace(
        '                copy.borrower = ""\n',
        '                copy.borrower = ""\n                self.lent[copy.title] -= 1\n',
    )
    needles = ['copy.borrower = ""', "raise ValueError(barcode)", "                return\n"]
    assert "insert-mirror-update" in fixing(LIBRARY, fixed, [n.strip() for n in needles])
    # placed after the state change it mirrors (never before the guard that refuses the call)
    got = descriptions(LIBRARY, ["raise ValueError(barcode)"], "insert-mirror-update")
    renamed = [d for d in got if "copy.title" in d]
    assert renamed and all("after line 29" in d for d in renamed)


def test_no_renamed_counter_without_an_equating_guard():
    other = LIBRARY.replace(
        "if copy.title == title and not copy.borrower:", "if not copy.borrower:"
    )
    got = descriptions(other, ['copy.borrower = ""'], "insert-mirror-update")
    assert not [d for d in got if "copy.title" in d]


QUEUE = """
from collections import deque


class Printer:
    def __init__(self):
        self.pending = deque()

    def print_until(self, pages):
        done = 0
        while True:
            if done + self.pending[0] > pages:
                break
            done += self.pending.popleft()
        return done
"""


def test_while_true_becomes_while_the_fields_queue():
    fixed = QUEUE.replace("while True:", "while self.pending:")
    assert "while-condition" in fixing(QUEUE, fixed, ["while True"])


TAGS = """
from dataclasses import dataclass


@dataclass
class Locker:
    number: int
    width: int = 3

    def label(self):
        return self.number.rjust(self.width, "0")
"""


def test_str_around_a_number_used_as_text():
    fixed = TAGS.replace("self.number.rjust", "str(self.number).rjust")
    assert "wrap-str" in fixing(TAGS, fixed, ["return self.number"])


def test_str_around_a_name_the_file_turns_into_text_elsewhere():
    buggy = """
    def padded(code, width):
        return code.zfill(width)


    def fits(code, width):
        return len(str(code)) <= width
    """
    fixed = buggy.replace("code.zfill", "str(code).zfill")
    assert "wrap-str" in fixing(buggy, fixed, ["return code.zfill"])


def test_no_str_around_a_text_field():
    text_field = TAGS.replace("number: int", "number: str")
    assert descriptions(text_field, ["return self.number"], "wrap-str") == []


ROWS = """
from dataclasses import dataclass

STANDING = "bar"


@dataclass(frozen=True)
class Guest:
    name: str
    table: str

    @property
    def seated(self):
        return self.table != STANDING

    @classmethod
    def from_row(cls, row):
        return cls(name=row["name"].strip(), table=row.get("table"))
"""


def test_or_default_with_the_constant_the_field_is_compared_with():
    fixed = ROWS.replace('table=row.get("table"))', 'table=row.get("table") or STANDING)')
    assert "wrap-or-default" in fixing(ROWS, fixed, ["return cls("])


def test_no_compared_constant_for_a_field_never_compared():
    other = ROWS.replace("return self.table != STANDING", "return bool(self.name)")
    got = descriptions(other, ["return cls("], "wrap-or-default")
    assert got and not [d for d in got if "STANDING" in d]


FERRY = """
class Ferry:
    def __init__(self):
        self.cars = []
        self.vans = []
        self.log = []

    def board_car(self, plate):
        self.log.append(f"car {plate}")
        self.cars.append(plate)

    def board_van(self, plate):
        self.log.append(f"van {plate}")
"""


def test_twin_method_statement_with_the_words_swapped():
    fixed = FERRY.replace(
        '        self.log.append(f"van {plate}")\n',
        '        self.log.append(f"van {plate}")\n        self.vans.append(plate)\n',
    )
    assert "insert-twin-branch" in fixing(FERRY, fixed, ['f"van {plate}"'])


def test_no_twin_method_when_the_names_differ_in_two_words():
    other = FERRY.replace("def board_van(", "def unload_all(")
    assert descriptions(other, ['f"van {plate}"'], "insert-twin-branch") == []


CALC = """
class Calc:
    def __init__(self):
        self.stack = []

    def feed(self, tok):
        if tok.isdigit():
            value = int(tok)
            self.stack.append(value)
        elif tok == "neg":
            value = -self.stack.pop()
        return self
"""


def test_branch_push_onto_a_field_the_sibling_branch_pushes_on():
    fixed = CALC.replace(
        "            value = -self.stack.pop()\n",
        "            value = -self.stack.pop()\n            self.stack.append(value)\n",
    )
    assert "insert-branch-push" in fixing(CALC, fixed, ["value = -self.stack.pop()"])


def test_no_branch_push_onto_a_field_the_branch_pushes_on_already():
    pushed = CALC.replace(
        "            value = -self.stack.pop()\n",
        "            value = -self.stack.pop()\n            self.stack.append(-value)\n",
    )
    got = descriptions(pushed, ["self.stack.append(-value)"], "insert-branch-push")
    assert not [d for d in got if "self.stack.append(value)" in d]
