"""The evidence templates (templates_evidence), each kind in several syntactic positions (more
kinds in test_repair_templates_evidence_more).

Every case is a small buggy program written for this test (not taken from any suite); the fix
must be among the candidates generated for the buggy line (oracle localization), under the
template named, within the first ``RANK`` candidates. The negative cases check that the
templates stay silent without their evidence.
"""

from __future__ import annotations

import pytest
from repair_oracle import ranked_fixes as fixing
from repair_oracle import templates_on

RANK = 60


MIRROR_ABS_PROPERTY = (
    """
    class Boat:
        def __init__(self):
            self.drift = 0.0

        def log(self):
            return f"drift {abs(self.drift):.1f} m"

        @property
        def off_course(self):
            return self.drift
    """,
    """
    class Boat:
        def __init__(self):
            self.drift = 0.0

        def log(self):
            return f"drift {abs(self.drift):.1f} m"

        @property
        def off_course(self):
            return abs(self.drift)
    """,
    "return self.drift",
)

MIRROR_ABS_FSTRING = (
    """
    def describe(delta):
        if abs(delta) < 0.5:
            return "level"
        return f"{delta} m off"
    """,
    """
    def describe(delta):
        if abs(delta) < 0.5:
            return "level"
        return f"{abs(delta)} m off"
    """,
    'f"{delta}',
)

MIRROR_ABS_KEYWORD = (
    """
    from dataclasses import dataclass

    @dataclass
    class Leg:
        metres: float

    def legs(steps):
        total = sum(abs(s) for s in steps)
        return [Leg(metres=s) for s in steps], total
    """,
    """
    from dataclasses import dataclass

    @dataclass
    class Leg:
        metres: float

    def legs(steps):
        total = sum(abs(s) for s in steps)
        return [Leg(metres=abs(s)) for s in steps], total
    """,
    "Leg(metres=s)",
)

MIRROR_LEN_GENERATOR = (
    """
    class Queues:
        def __init__(self):
            self.lanes = {}

        def longest(self):
            return max(len(self.lanes[k]) for k in self.lanes)

        def waiting(self):
            return sum(self.lanes[k] for k in self.lanes)
    """,
    """
    class Queues:
        def __init__(self):
            self.lanes = {}

        def longest(self):
            return max(len(self.lanes[k]) for k in self.lanes)

        def waiting(self):
            return sum(len(self.lanes[k]) for k in self.lanes)
    """,
    "sum(self.lanes",
)

MIRROR_LEN_DICT_VALUE = (
    """
    def summary(groups):
        biggest = max(len(groups[g]) for g in groups)
        return {"groups": len(groups), "sizes": {g: groups[g] for g in groups}, "max": biggest}
    """,
    """
    def summary(groups):
        biggest = max(len(groups[g]) for g in groups)
        return {"groups": len(groups), "sizes": {g: len(groups[g]) for g in groups}, "max": biggest}
    """,
    '"sizes"',
)

MIRROR_ROUND_AUGASSIGN = (
    """
    class Till:
        def __init__(self):
            self.total = 0.0

        def show(self, price):
            return f"{round(price, 2)} EUR"

        def ring(self, price):
            self.total += price
    """,
    """
    class Till:
        def __init__(self):
            self.total = 0.0

        def show(self, price):
            return f"{round(price, 2)} EUR"

        def ring(self, price):
            self.total += round(price, 2)
    """,
    "self.total += price",
)

DEFAULT_RETURN = (
    '''
    UNKNOWN = "unknown"

    class Registry:
        def __init__(self):
            self.owners = {}

        def owner(self, plate):
            """The plate's owner, else UNKNOWN."""
            return self.owners.get(plate)
    ''',
    '''
    UNKNOWN = "unknown"

    class Registry:
        def __init__(self):
            self.owners = {}

        def owner(self, plate):
            """The plate's owner, else UNKNOWN."""
            return self.owners.get(plate) or UNKNOWN
    ''',
    "return self.owners",
)

DEFAULT_FSTRING = (
    '''
    NO_NOTE = "-"

    def line(notes, item):
        """One line of the list: the item and its note (NO_NOTE when it has none)."""
        return f"{item}: {notes.get(item)}"
    ''',
    '''
    NO_NOTE = "-"

    def line(notes, item):
        """One line of the list: the item and its note (NO_NOTE when it has none)."""
        return f"{item}: {notes.get(item) or NO_NOTE}"
    ''',
    "return f",
)

DEFAULT_KEYWORD_PARAM = (
    '''
    GUEST = "guest"

    def badge(name=None, *, make):
        """A badge for `name`; GUEST for an anonymous visitor."""
        return make(text=name, size=12)
    ''',
    '''
    GUEST = "guest"

    def badge(name=None, *, make):
        """A badge for `name`; GUEST for an anonymous visitor."""
        return make(text=name or GUEST, size=12)
    ''',
    "return make",
)

DEFAULT_LAMBDA = (
    '''
    LAST = 99

    def ordered(ranks, names):
        """Names by rank; a name without a rank goes LAST."""
        return sorted(names, key=lambda n: ranks.get(n))
    ''',
    '''
    LAST = 99

    def ordered(ranks, names):
        """Names by rank; a name without a rank goes LAST."""
        return sorted(names, key=lambda n: ranks.get(n) or LAST)
    ''',
    "return sorted",
)

CAP_SLICE = (
    '''
    class Shelf:
        def __init__(self, books, slots):
            self.books = books
            self.slots = slots

        def free_slots(self) -> int:
            return self.slots - 0

        def show(self, n):
            """The first `n` books, as many as the shelf allows."""
            return self.books[:n]
    ''',
    '''
    class Shelf:
        def __init__(self, books, slots):
            self.books = books
            self.slots = slots

        def free_slots(self) -> int:
            return self.slots - 0

        def show(self, n):
            """The first `n` books, as many as the shelf allows."""
            return self.books[:min(n, self.free_slots())]
    ''',
    "return self.books",
)

CAP_ASSIGN = (
    '''
    class Lift:
        def __init__(self, load):
            self.load = load

        def room(self, weight) -> int:
            return (800 - self.load) // weight

        def board(self, people, weight):
            """Board up to `people` passengers of `weight` kg."""
            taken = people
            self.load += taken * weight
            return taken
    ''',
    '''
    class Lift:
        def __init__(self, load):
            self.load = load

        def room(self, weight) -> int:
            return (800 - self.load) // weight

        def board(self, people, weight):
            """Board up to `people` passengers of `weight` kg."""
            taken = min(people, self.room(weight))
            self.load += taken * weight
            return taken
    ''',
    "taken = people",
)

CAP_FOR_RANGE = (
    """
    class Printer:
        def __init__(self, sheets):
            self.sheets = sheets
            self.done = []

        def available(self) -> int:
            return self.sheets

        def run(self, copies):
            for k in range(copies):
                self.done.append(k)
            self.sheets -= len(self.done)
    """,
    """
    class Printer:
        def __init__(self, sheets):
            self.sheets = sheets
            self.done = []

        def available(self) -> int:
            return self.sheets

        def run(self, copies):
            for k in range(min(copies, self.available())):
                self.done.append(k)
            self.sheets -= len(self.done)
    """,
    "for k in range",
)

STRING_ELIF = (
    """
    def phase(level):
        if level > 80:
            return "high"
        elif level > 20:
            return "normal"
        else:
            return ""

    def alarms(levels):
        return [k for k, v in levels.items() if phase(v) == "low"]
    """,
    """
    def phase(level):
        if level > 80:
            return "high"
        elif level > 20:
            return "normal"
        else:
            return "low"

    def alarms(levels):
        return [k for k, v in levels.items() if phase(v) == "low"]
    """,
    'return ""',
)

STRING_ASSIGN = (
    '''
    class Door:
        def __init__(self):
            self.locked = False

        def state(self):
            """'locked' or 'open'."""
            word = "closed"
            if self.locked:
                word = "locked"
            return word
    ''',
    '''
    class Door:
        def __init__(self):
            self.locked = False

        def state(self):
            """'locked' or 'open'."""
            word = "open"
            if self.locked:
                word = "locked"
            return word
    ''',
    'word = "closed"',
)

STRING_LAMBDA_IFEXP = (
    """
    class Pump:
        def __init__(self):
            self.running = False

        def label(self):
            return "on" if self.running else "stopped"

        def idle(self, pumps):
            return [p for p in pumps if p.label() in ("off", "fault")]
    """,
    """
    class Pump:
        def __init__(self):
            self.running = False

        def label(self):
            return "on" if self.running else "off"

        def idle(self, pumps):
            return [p for p in pumps if p.label() in ("off", "fault")]
    """,
    "return",
)

CASES = [
    ("wrap-mirror", *MIRROR_ABS_PROPERTY),
    ("wrap-mirror", *MIRROR_ABS_FSTRING),
    ("wrap-mirror", *MIRROR_ABS_KEYWORD),
    ("wrap-mirror", *MIRROR_LEN_GENERATOR),
    ("wrap-mirror", *MIRROR_LEN_DICT_VALUE),
    ("wrap-mirror", *MIRROR_ROUND_AUGASSIGN),
    ("wrap-or-default", *DEFAULT_RETURN),
    ("wrap-or-default", *DEFAULT_FSTRING),
    ("wrap-or-default", *DEFAULT_KEYWORD_PARAM),
    ("wrap-or-default", *DEFAULT_LAMBDA),
    ("wrap-min-cap", *CAP_SLICE),
    ("wrap-min-cap", *CAP_ASSIGN),
    ("wrap-min-cap", *CAP_FOR_RANGE),
    ("string-documented", *STRING_ELIF),
    ("string-documented", *STRING_ASSIGN),
    ("string-documented", *STRING_LAMBDA_IFEXP),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needle"), CASES)
def test_the_fix_is_generated_in_this_position(template, buggy, fixed, needle):
    found = fixing(buggy, fixed, needle)
    assert template in [t for _, t in found], found
    assert min(k for k, t in found if t == template) < RANK


def test_no_mirror_without_the_wrapper_elsewhere():
    buggy = """
    class Boat:
        def __init__(self):
            self.drift = 0.0

        def log(self):
            return f"drift {self.drift:.1f} m"

        @property
        def off_course(self):
            return self.drift
    """
    assert not [t for t, _ in templates_on(buggy, "return self.drift") if t == "wrap-mirror"]


def test_no_mirror_of_a_wrapper_with_a_local_argument():
    # ``round(x, places)``: ``places`` is not in scope elsewhere, so nothing is copied
    buggy = """
    def show(x, places):
        return f"{round(x, places)}"

    def store(x):
        return x
    """
    assert not [t for t, _ in templates_on(buggy, "return x") if t == "wrap-mirror"]


def test_no_documented_default_without_the_constant_in_the_docstring():
    buggy = '''
    UNKNOWN = "unknown"

    class Registry:
        def __init__(self):
            self.owners = {}

        def owner(self, plate):
            """The plate's owner."""
            return self.owners.get(plate)
    '''
    assert not [d for _, d in templates_on(buggy, "return self.owners") if "docstring names" in d]


def test_no_method_cap_without_a_cap_in_name_or_docstring():
    buggy = '''
    class Printer:
        def __init__(self, sheets):
            self.sheets = sheets
            self.done = []

        def pages(self) -> int:
            return self.sheets

        def run(self, copies):
            """Print the copies."""
            for k in range(copies):
                self.done.append(k)
    '''
    assert not [d for _, d in templates_on(buggy, "for k in range") if "class computes" in d]


def test_no_documented_string_for_a_compared_literal():
    # the literal is compared here, not returned or stored: not this template's position
    buggy = """
    def phase(level):
        return "low" if level < 20 else "normal"

    def alarms(levels):
        return [k for k, v in levels.items() if phase(v) == "lo"]
    """
    assert not [t for t, _ in templates_on(buggy, "if phase(v)") if t == "string-documented"]


def test_no_mirror_a_position_cannot_take():
    # ``len(...)`` elsewhere: a loop's iterable never becomes a number, nor does a value an
    # annotated function returns as a list
    buggy = """
    def split(runners: list, size: int) -> list[list]:
        waves = []
        for r in runners:
            if len(waves) < size:
                waves.append([r])
        return waves
    """
    assert not [t for t, _ in templates_on(buggy, "for r in") if t == "wrap-mirror"]
    assert not [t for t, _ in templates_on(buggy, "return waves") if t == "wrap-mirror"]


def test_mirror_into_a_return_of_a_matching_annotation():
    buggy = """
    def count(waves: list) -> int:
        return waves

    def show(waves: list) -> str:
        return f"{len(waves)} waves"
    """
    assert ("wrap-mirror", "waves -> len(...) (as elsewhere in the program)") in templates_on(
        buggy, "return waves"
    )
