"""State updates a method leaves out (templates_state; the dataclass-field cache of
templates_missing). Programs written for this test: each case is a buggy program, its fixed one
and the lines made suspicious; each kind also has a twin where the update is there already (or
its sign is missing), which must get no such candidate.
"""

from __future__ import annotations

import pytest
from repair_oracle import fixing, src_of, templates_of
from repair_oracle import suspicious as _lines

from fixloop.repair.templates import generate_candidates

POINTER = """
class Node:
    def __init__(self, value):
        self.value = value
        self.link = None

class Chain:
    def __init__(self):
        self.first = None
        self.last = None

    def add(self, *values):
        for value in values:
            node = Node(value)
            if self.last is None:
                self.first = node
            else:
                self.last.link = node
            print(value)
"""

POINTER_FIXED = POINTER.replace(
    "                self.last.link = node\n",
    "                self.last.link = node\n            self.last = node\n",
)


def test_pointer_advance_after_the_if():
    assert "insert-pointer-advance" in fixing(POINTER, POINTER_FIXED, ["self.last.link", "print"])


def test_pointer_already_advanced_gets_none():
    assert "insert-pointer-advance" not in templates_of(POINTER_FIXED, ["self.last.link"])


NEW_PUSH = """
from dataclasses import dataclass, field

@dataclass
class Shelf:
    rows: list[list[str]] = field(default_factory=list)
    width: int = 3

    def put(self, book: str) -> int:
        for i, row in enumerate(self.rows):
            if len(row) < self.width:
                row.append(book)
                return i
        return len(self.rows) - 1
"""

NEW_PUSH_FIXED = NEW_PUSH.replace(
    "        return len(self.rows) - 1\n",
    "        self.rows.append([book])\n        return len(self.rows) - 1\n",
)


def test_new_push_of_a_new_row():
    assert "insert-new-push" in fixing(NEW_PUSH, NEW_PUSH_FIXED, ["return len(self.rows) - 1"])


def test_pushed_row_gets_none():
    assert "insert-new-push" not in templates_of(NEW_PUSH_FIXED, ["return len(self.rows) - 1"])


SHORTFALL = """
class NotEnough(Exception):
    pass

class Pantry:
    def __init__(self):
        self.jars = {}

    def take(self, kind, n):
        \"\"\"Take n jars of a kind.\"\"\"
        label = kind.title()
        self.jars[kind] -= n
        return label
"""

SHORTFALL_FIXED = SHORTFALL.replace(
    "        label = kind.title()\n",
    "        if self.jars[kind] < n:\n            raise NotEnough(kind)\n        label = kind.title()\n",
)


def test_shortfall_guard_at_the_top():
    assert "insert-shortfall-guard" in fixing(SHORTFALL, SHORTFALL_FIXED, ["label = kind"])


def test_shortfall_guard_needs_an_unraised_error():
    raised = SHORTFALL.replace("        return label\n", "        raise NotEnough(label)\n")
    assert "insert-shortfall-guard" not in templates_of(raised, ["label = kind"])


ROOM = """
class Battery:
    def __init__(self, capacity_wh):
        self.capacity_wh = capacity_wh
        self.charge_wh = 0

    def charge(self, wh):
        stored = wh
        self.charge_wh += stored
        return stored
"""

ROOM_FIXED = ROOM.replace("stored = wh", "stored = min(wh, self.capacity_wh - self.charge_wh)")


def test_min_of_the_room_left():
    assert "wrap-min-room" in fixing(ROOM, ROOM_FIXED, ["stored = wh"])


def test_room_needs_a_bound_named_field():
    plain = ROOM.replace("capacity_wh", "volume_wh")
    assert "wrap-min-room" not in templates_of(plain, ["stored = wh"])


BORROWED = """
class Pet:
    def __init__(self, tag, nickname=None):
        self.tag = tag
        self.nickname = nickname

class Clinic:
    def __init__(self):
        self.pets = []

    def board(self):
        return "; ".join(sorted(p.nickname for p in self.pets))

    def called(self, tag):
        pet = next(p for p in self.pets if p.tag == tag)
        return pet.nickname or f"pet {tag}"
"""

BORROWED_FIXED = BORROWED.replace(
    "sorted(p.nickname for p", 'sorted(p.nickname or f"pet {p.tag}" for p'
)


def test_default_borrowed_from_the_file_and_retargeted():
    assert "wrap-or-default" in fixing(BORROWED, BORROWED_FIXED, ['"; ".join'])


@pytest.mark.parametrize("tail", ['f"pet {tag}"', 'f"pet {unknown}"'])
def test_default_with_a_name_out_of_reach_is_not_borrowed(tail):
    # ``tag`` is no field of the class of ``p`` here: nothing says what it stands for
    src = BORROWED.replace('f"pet {tag}"', tail).replace("self.tag = tag", "self.code = tag")
    src = src.replace("p.tag == tag", "p.code == tag")
    buggy = src_of(src)
    cands = generate_candidates(buggy, "mod.py", _lines(buggy, ['"; ".join']))
    assert not [c for c in cands if "as the file defaults it" in c.description]


CACHE = """
from dataclasses import dataclass, field

class Missing(LookupError):
    pass

@dataclass
class Rates:
    source: object
    _seen: dict[str, float] = field(default_factory=dict)

    def rate(self, code: str) -> float:
        if code in self._seen:
            return self._seen[code]
        value = self.source.fetch(code)
        if value is None:
            raise Missing(code)
        return value
"""

CACHE_FIXED = CACHE.replace(
    "            raise Missing(code)\n",
    "            raise Missing(code)\n        self._seen[code] = value\n",
)


def test_cache_store_into_a_dataclass_dict_field():
    assert "insert-cache-store" in fixing(CACHE, CACHE_FIXED, ["return value"])


def test_cache_field_stored_already_gets_none():
    assert "insert-cache-store" not in templates_of(CACHE_FIXED, ["return value"])


def test_pointer_advance_from_the_if_alone():
    # the branch storing through the pointer never runs while it is None: only the if is covered
    assert "insert-pointer-advance" in fixing(POINTER, POINTER_FIXED, ["if self.last is None"])


FLUSH = """
from dataclasses import dataclass


@dataclass
class Batch:
    number: int
    items: list


def batches(items, size):
    out = []
    current = []
    for item in items:
        if len(current) == size:
            out.append(Batch(len(out) + 1, current))
            current = []
        current.append(item)
    return out
"""

FLUSH_FIXED = FLUSH.replace(
    "        current.append(item)\n",
    "        current.append(item)\n    if current:\n        out.append(Batch(len(out) + 1, current))\n",
)


def test_after_loop_flush_wrapped_in_a_call():
    # templates_insert's insert-after-loop: the accumulator handed on inside a constructor call
    assert "insert-after-loop" in fixing(FLUSH, FLUSH_FIXED, ["current.append(item)", "return out"])


def test_after_loop_flush_present_gets_none():
    assert "insert-after-loop" not in templates_of(FLUSH_FIXED, ["return out"])
