"""heldout11's missed kinds widened to their shape class (templates_shapes).

Programs written for this test, each kind in at least three syntactic positions other than the
held-out task's (a default argument, a list element given to ``join``, an assignment in a ``for``
body, an ``except`` branch of a loop, a dataclass's ``__post_init__``): a buggy program, its
fixed one and the lines made suspicious; and twins without the sign, which must get no such
candidate.
"""

from __future__ import annotations

import pytest
from repair_oracle import fixing, src_of, suspicious

from fixloop.repair.templates import generate_candidates

# ------------------------------------------------------------------------------ constant by unit

CONSTANT_CASES = [
    (  # a literal in a method's return expression
        '''
        """Fabric rolls."""


        def tex(grams, metres):
            """Grams per 1000 metres."""
            return grams / metres * 1000


        class Roll:
            def __init__(self, grams, metres):
                self.grams, self.metres = grams, metres

            def denier(self):
                """Grams per 9000 metres of this roll."""
                return self.grams / self.metres * 1000
        ''',
        "return self.grams / self.metres * 1000",
        "return self.grams / self.metres * 9000",
    ),
    (  # a keyword argument of a nested call
        '''
        """Football: a half lasts 45 minutes."""


        def scaled(value, per=1):
            return value / per


        def match_share(played):
            """The share of a match (90 minutes) a player played."""
            return round(scaled(played, per=45), 3)
        ''',
        "per=45",
        "per=90",
    ),
    (  # an element of a list comprehension
        '''
        """Sizes: a disk's KB is 1000 bytes."""


        def sectors(sizes):
            """Sizes in sectors (512 bytes each)."""
            return [s / 1000 for s in sizes]
        ''',
        "s / 1000",
        "s / 512",
    ),
    (  # a class attribute
        '''
        """Cartons hold 6 eggs each."""


        class Tray:
            """A tray holds 30 eggs."""

            SIZE = 6

            def trays(self, eggs):
                return eggs // self.SIZE
        ''',
        "SIZE = 6",
        "SIZE = 30",
    ),
]


@pytest.mark.parametrize("buggy, needle, fixed_line", CONSTANT_CASES)
def test_a_constant_becomes_the_docstrings_number_in_its_unit(buggy, needle, fixed_line):
    fixed = src_of(buggy).replace(needle, fixed_line)
    assert "constant-from-doc" in fixing(buggy, fixed, [needle])


def test_a_docstring_agreeing_with_the_constant_gives_nothing():
    buggy = '''
        """Rolls: some are 9000 metres long."""


        def tex(grams, metres):
            """Grams per 1000 metres."""
            return grams / metres * 1000
        '''
    fixed = src_of(buggy).replace("* 1000", "* 9000")
    assert fixing(buggy, fixed, ["* 1000"]) == []


# ------------------------------------------------------------------------------ wrap-str

STR_CASES = [
    (  # a tuple display given to join, in a module function
        """
        def label(name: str, count: int) -> str:
            return " x ".join((name, count))
        """,
        "(name, count)",
        "(name, str(count))",
    ),
    (  # a list display given to join, in a property, the field typed int
        """
        from dataclasses import dataclass


        @dataclass
        class Plate:
            code: str
            year: int

            @property
            def text(self) -> str:
                return "-".join([self.code, self.year])
        """,
        "[self.code, self.year]",
        "[self.code, str(self.year)]",
    ),
    (  # a list display with a literal, in a lambda
        """
        def keys(rows):
            return sorted(rows, key=lambda r: "/".join(["row", r.n]))
        """,
        '["row", r.n]',
        '["row", str(r.n)]',
    ),
    (  # an augmented assignment to a text accumulator
        """
        def digits(nums):
            out = ""
            for n in nums:
                out += n
            return out
        """,
        "out += n",
        "out += str(n)",
    ),
]


@pytest.mark.parametrize("buggy, needle, fixed_part", STR_CASES)
def test_a_number_in_text_gets_str(buggy, needle, fixed_part):
    fixed = src_of(buggy).replace(needle, fixed_part)
    assert "wrap-str" in fixing(buggy, fixed, [needle])


def test_a_field_declared_str_is_not_wrapped():
    buggy = """
        from dataclasses import dataclass


        @dataclass
        class Plate:
            code: str
            region: str

            def text(self) -> str:
                return "-".join([self.code, self.region])
        """
    fixed = src_of(buggy).replace("self.region]", "str(self.region)]")
    assert fixing(buggy, fixed, ["join"]) == []


# ------------------------------------------------------------------------------ wrap-min-stock

MIN_CASES = [
    (  # a dict entry as the stock, in a module function
        """
        def pick(stock, item, want):
            qty = want
            stock[item] -= qty
            return qty
        """,
        ["qty = want"],
        "qty = want",
        "qty = min(want, stock[item])",
    ),
    (  # a field as the stock, inside a with body
        """
        class Account:
            def __init__(self, lock, balance):
                self.lock, self.balance = lock, balance

            def withdraw(self, amount):
                with self.lock:
                    n = amount
                    self.balance -= n
                return n
        """,
        ["n = amount"],
        "n = amount",
        "n = min(amount, self.balance)",
    ),
    (  # a draw written in place, inside a try body
        """
        class Tank:
            def __init__(self, fuel):
                self.fuel = fuel

            def fly(self, burn, hours):
                try:
                    self.fuel -= burn * hours
                finally:
                    pass
                return self.fuel
        """,
        ["self.fuel -= burn * hours"],
        "self.fuel -= burn * hours",
        "self.fuel -= min(burn * hours, self.fuel)",
    ),
    (  # an annotated assignment in an elif branch
        """
        def serve(tank, kind, asked):
            if kind == "none":
                return 0
            elif kind == "tap":
                pour: float = asked
                tank["litres"] -= pour
                return pour
            return -1
        """,
        ["pour: float = asked"],
        "pour: float = asked",
        'pour: float = min(asked, tank["litres"])',
    ),
]


@pytest.mark.parametrize("buggy, needles, old, new", MIN_CASES)
def test_a_draw_is_capped_by_its_stock(buggy, needles, old, new):
    fixed = src_of(buggy).replace(old, new)
    assert "wrap-min-stock" in fixing(buggy, fixed, needles)


def test_a_value_added_to_a_total_is_not_capped():
    buggy = """
        def add(totals, item, n):
            qty = n
            totals[item] += qty
            return qty
        """
    fixed = src_of(buggy).replace("qty = n", "qty = min(n, totals[item])")
    assert fixing(buggy, fixed, ["qty = n"]) == []


# ------------------------------------------------------------------------------ unfilled push

PUSH_CASES = [
    (  # the else branch of an if in a module function's loop (a local list)
        """
        def split(xs):
            kept = []
            skipped = []
            for x in xs:
                if x > 0:
                    kept.append(x)
                else:
                    print("skip")
            return kept, skipped
        """,
        'print("skip")',
        '                print("skip")\n                skipped.append(x)\n',
    ),
    (  # an except branch of a method without a loop: the parameter pushed
        """
        class Intake:
            def __init__(self):
                self.items = []
                self.bad = []
                self.bad_count = 0

            def add(self, raw):
                try:
                    self.items.append(int(raw))
                except ValueError:
                    self.bad_count += 1

            def report(self):
                return sorted(self.bad)
        """,
        "self.bad_count += 1",
        "            self.bad_count += 1\n            self.bad.append(raw)\n",
    ),
    (  # an if body counting the event, its else pushing elsewhere, two loop targets
        """
        class Sorter:
            def __init__(self):
                self.values = []
                self.negatives: list[tuple[int, float]] = []
                self.negative_count = 0

            def load(self, xs):
                for i, x in enumerate(xs):
                    if x < 0:
                        self.negative_count += 1
                    else:
                        self.values.append(x)

            def where_negative(self):
                return [i for i, _ in self.negatives]
        """,
        "self.negative_count += 1",
        "                self.negative_count += 1\n                self.negatives.append((i, x))\n",
    ),
]


@pytest.mark.parametrize("buggy, needle, fixed_lines", PUSH_CASES)
def test_a_list_nothing_fills_gets_the_branchs_push(buggy, needle, fixed_lines):
    src = src_of(buggy)
    line = next(ln for ln in src.splitlines(keepends=True) if needle in ln)
    fixed = src.replace(line, fixed_lines, 1)
    assert "insert-unfilled-push" in fixing(buggy, fixed, [needle])


def test_a_list_filled_elsewhere_gets_no_push():
    buggy = """
        class Intake:
            def __init__(self):
                self.items = []
                self.bad = []
                self.bad_count = 0

            def add(self, raw):
                try:
                    self.items.append(int(raw))
                except ValueError:
                    self.bad_count += 1

            def flag(self, raw):
                self.bad.append(raw)
        """
    src = src_of(buggy)
    cands = generate_candidates(src, "mod.py", suspicious(src, ["self.bad_count += 1"]))
    assert not [c for c in cands if c.template == "insert-unfilled-push"]


# ------------------------------------------------------------------------------ sibling guard


def _guarded(buggy: str, needles: list[str], call: str, bad: str, good: str) -> list[str]:
    """Templates of the candidates that refuse ``call`` with ``bad`` and accept ``good``."""
    src = src_of(buggy)
    out = []
    for c in generate_candidates(src, "mod.py", suspicious(src, needles)):
        if c.template != "insert-sibling-guard":
            continue
        ns: dict[str, object] = {}
        exec(compile(c.new_source, "mod.py", "exec"), ns)  # noqa: S102 - our own fixture
        fn = eval(call, ns)  # noqa: S307 - our own fixture
        try:
            fn(*eval(bad, ns))  # noqa: S307
            continue
        except ValueError:
            pass
        fn(*eval(good, ns))  # noqa: S307
        out.append(c.template)
    return out


GUARD_CASES = [
    (  # __init__ with two int parameters
        """
        class Grid:
            def __init__(self, width: int, height: int) -> None:
                if width <= 0:
                    raise ValueError("a grid is at least one cell wide")
                self.cells = [[0] * width for _ in range(height)]
        """,
        ["if width <= 0", "self.cells"],
        "Grid",
        "(3, 0)",
        "(3, 2)",
    ),
    (  # a module function
        """
        def rota(days: int, staff: int) -> list[int]:
            if days < 1:
                raise ValueError("at least a day")
            return [d % staff for d in range(days)]
        """,
        ["if days < 1", "return [d % staff"],
        "rota",
        "(3, 0)",
        "(3, 2)",
    ),
    (  # a classmethod constructor
        """
        class Board:
            def __init__(self, rows, cols):
                self.rows, self.cols = rows, cols

            @classmethod
            def make(cls, rows: int, cols: int) -> "Board":
                if cols < 1:
                    raise ValueError("no columns")
                return cls(rows, cols)
        """,
        ["if cols < 1", "return cls(rows, cols)"],
        "Board.make",
        "(-1, 3)",
        "(2, 3)",
    ),
    (  # a dataclass's __post_init__, the guard after the sibling's
        """
        from dataclasses import dataclass


        @dataclass
        class Order:
            boxes: int
            weeks: int = 1

            def __post_init__(self) -> None:
                if self.weeks < 1:
                    raise ValueError("a week at least")
        """,
        ["if self.weeks < 1"],
        "Order",
        "(0, 2)",
        "(1, 2)",
    ),
]


@pytest.mark.parametrize("buggy, needles, call, bad, good", GUARD_CASES)
def test_a_sibling_guard_is_copied_to_a_field_of_the_same_type(buggy, needles, call, bad, good):
    assert _guarded(buggy, needles, call, bad, good)


def test_no_guard_is_copied_to_a_field_of_another_type():
    buggy = """
        def label(days: int, name: str) -> str:
            if days < 1:
                raise ValueError("at least a day")
            return f"{name}: {days}"
        """
    src = src_of(buggy)
    cands = generate_candidates(src, "mod.py", suspicious(src, ["if days < 1", "return"]))
    assert not [c for c in cands if c.template == "insert-sibling-guard"]


# ------------------------------------------------------------------------------ binop-sibling

BITOP_CASES = [
    (  # an if condition in a method, the module testing the same field with &
        """
        READ, WRITE = 1, 2


        class File:
            def __init__(self, mode):
                self.mode = mode

            def readable(self):
                return bool(self.mode & READ)

            def check(self):
                if self.mode ^ WRITE:
                    return "rw"
                return "ro"
        """,
        "if self.mode ^ WRITE:",
        "if self.mode & WRITE:",
    ),
    (  # a lambda given to filter, a module function
        """
        def on(flags, bit):
            return flags & bit != 0


        def lit(masks, flags):
            return list(filter(lambda m: m ^ flags, masks))
        """,
        "filter(lambda m: m ^ flags, masks)",
        "filter(lambda m: m & flags, masks)",
    ),
    (  # an f-string's field in a return, the operand toggled elsewhere
        """
        def toggle(word, bit):
            return word ^ bit


        def describe(word, bit):
            return f"after toggle: {word & bit}"
        """,
        'return f"after toggle: {word & bit}"',
        'return f"after toggle: {word ^ bit}"',
    ),
]


@pytest.mark.parametrize("buggy, old, new", BITOP_CASES)
def test_a_bitwise_operator_becomes_the_one_used_on_its_operand(buggy, old, new):
    src = src_of(buggy)
    assert old in src
    fixed = src.replace(old, new)
    assert "binop-sibling" in fixing(buggy, fixed, [old])


def test_an_operand_used_nowhere_else_gets_no_sibling_operator():
    buggy = """
        def lit(masks, flags):
            return [m ^ flags for m in masks]
        """
    src = src_of(buggy)
    cands = generate_candidates(src, "mod.py", suspicious(src, ["m ^ flags"]))
    assert not [c for c in cands if c.template == "binop-sibling"]
