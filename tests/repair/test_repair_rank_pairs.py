"""An inserted inverse update nested deeper than its pair ranks after the others (rank_pairs.py).

Own fixtures: the pair in two methods of a class (the mirror inside an ``if``, a ``for`` and a
``with``), in two module functions over a dict, and in one ``while`` loop's body.
"""

from __future__ import annotations

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_pairs import deeper_than_twin, paired_updates

LOCKER = (
    "class Lockers:\n"
    "    def __init__(self):\n"
    "        self.used = {}\n"
    "        self.log = []\n"
    "\n"
    "    def take(self, zone):\n"
    "        if zone not in self.used:\n"
    "            self.used[zone] = 0\n"
    "        self.used[zone] += 1\n"
    "\n"
    "    def give_back(self, zone, items):\n"
    "        if items:\n"
    "            self.log.append(items)\n"
    "        for it in items:\n"
    "            self.log.append(it)\n"
    "        return zone\n"
)

FUNCS = (
    "def borrow(stock, book):\n"
    "    stock[book] -= 1\n"
    "\n"
    "\n"
    "def give(stock, book, late):\n"
    "    if late:\n"
    "        print('late')\n"
    "    return book\n"
)

LOOP = (
    "def balance(events):\n"
    "    open_ = 0\n"
    "    while events:\n"
    "        e = events.pop()\n"
    "        if e == 'open':\n"
    "            open_ += 1\n"
    "        if e == 'close':\n"
    "            print(e)\n"
    "    return open_\n"
)


def _cand(old: str, new: str, line: int) -> Candidate:
    return Candidate("m.py", new, "insert-mirror-update", "ins", line, 0.3, 0.3, old_source=old)


def _insert(src: str, after: str, stmt: str) -> str:
    return src.replace(after, after + stmt, 1)


def test_a_mirror_nested_deeper_than_its_pair_is_marked() -> None:
    mirror = "self.used[zone] -= 1\n"
    top = _insert(LOCKER, "    def give_back(self, zone, items):\n", "        " + mirror)
    in_if = _insert(LOCKER, "            self.log.append(items)\n", "            " + mirror)
    in_for = _insert(LOCKER, "            self.log.append(it)\n", "            " + mirror)
    assert not deeper_than_twin(_cand(LOCKER, top, 12))
    assert deeper_than_twin(_cand(LOCKER, in_if, 14))
    assert deeper_than_twin(_cand(LOCKER, in_for, 16))
    with_ = LOCKER.replace(
        "        return zone\n",
        "        with open('x') as f:\n            " + mirror + "        return zone\n",
    )
    assert deeper_than_twin(_cand(LOCKER, with_, 17))
    # module functions over a dict: the twin is a decrement, the mirror an increment
    flat = _insert(FUNCS, "def give(stock, book, late):\n", "    stock[book] += 1\n")
    nested = _insert(FUNCS, "        print('late')\n", "        stock[book] += 1\n")
    assert not deeper_than_twin(_cand(FUNCS, flat, 6))
    assert deeper_than_twin(_cand(FUNCS, nested, 8))
    # the twin itself under an if: the mirror under the other if is as deep, not deeper
    closing = _insert(LOOP, "            print(e)\n", "            open_ -= 1\n")
    assert not deeper_than_twin(_cand(LOOP, closing, 9))
    # an update the original had already, another value, or no twin at all: no mark
    again = _insert(
        LOCKER, "            self.log.append(it)\n", "            self.used[zone] += 1\n"
    )
    assert not deeper_than_twin(_cand(LOCKER, again, 16))
    other = _insert(
        LOCKER, "            self.log.append(it)\n", "            self.used[zone] -= 2\n"
    )
    assert not deeper_than_twin(_cand(LOCKER, other, 16))
    assert paired_updates("def f(:\n") is None


def test_the_judge_puts_the_unconditional_mirror_before_the_one_no_passing_test_runs() -> None:
    mirror = "self.used[zone] -= 1\n"
    in_if = _cand(
        LOCKER, _insert(LOCKER, "            self.log.append(items)\n", "            " + mirror), 14
    )
    top = _cand(
        LOCKER, _insert(LOCKER, "    def give_back(self, zone, items):\n", "        " + mirror), 12
    )
    lines = [1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 14, 16]  # give_back runs with no items
    before = {"tests": {"t": {"outcome": "passed", "lines": [["m.py", n] for n in lines]}}}
    moved = [n if n < 12 else n + 1 for n in lines]
    shifted = [n if n < 14 else n + 1 for n in lines]  # the line inserted at 14 is not run
    after = {  # the top-level mirror is a new line of the passing test's path; the nested none
        id(top): {
            "tests": {"t": {"outcome": "passed", "lines": [["m.py", n] for n in [*moved, 12]]}}
        },
        id(in_if): {"tests": {"t": {"outcome": "passed", "lines": [["m.py", n] for n in shifted]}}},
    }
    ordered, notes = rank_plausible([in_if, top], before, [], lambda c: after[id(c)])
    assert "(distance 0.00)" in " ".join(notes)  # the distance alone prefers the nested one
    assert ordered == [top, in_if]
