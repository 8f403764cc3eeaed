"""Issue 19's kinds the fourth held-out suite showed missing, each on toy programs of our own.

Every kind is checked in several syntactic positions (return, assignment, call argument,
condition, comprehension, method, nested function, loop body): the fix must be among the
candidates generated for the buggy line, with the template named. None of these programs is a
task of any suite.
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.candidate import Candidate
from fixloop.repair.templates import generate_candidates


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fix_of(buggy: str, fixed: str, needle: str) -> Candidate:
    """The candidate (for the line holding ``needle``) whose program is ``fixed``."""
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if needle in ln)
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    want = ast.dump(ast.parse(fixed))
    for c in cands:
        if ast.dump(ast.parse(c.new_source)) == want:
            return c
    raise AssertionError(
        "fix not generated:\n" + "\n".join(f"  {c.template}: {c.description}" for c in cands)
    )


CASES = [
    # (template, buggy, the buggy program's lines the fix replaces, the fixed lines, the buggy
    # line's needle)
    # --- round(e, n): the product or quotient rounded to a tenth or a cent
    (
        "wrap-round",
        """
        def speeds(legs):
            def kmh(km, minutes):
                value = km / minutes * 60
                return value
            return [kmh(k, m) for k, m in legs]
        """,
        "        value = km / minutes * 60\n",
        "        value = round(km / minutes * 60, 1)\n",
        "value = km",
    ),
    (
        "wrap-round",
        "def share(total, people):\n    return total / people\n",
        "    return total / people\n",
        "    return round(total / people, 2)\n",
        "return total",
    ),
    (
        "wrap-round",
        "def show(price, rate):\n    print(price * rate)\n",
        "    print(price * rate)\n",
        "    print(round(price * rate, 2))\n",
        "print(",
    ),
    # --- sorted(e): what a loop or a comprehension walks
    (
        "wrap-sorted",
        """
        def badges(members):
            out = {}
            for i, m in enumerate(members):
                out[m] = i
            for name in members:
                out[name] += 100
            return out
        """,
        "    for name in members:\n",
        "    for name in sorted(members):\n",
        "for name in",
    ),
    (
        "wrap-sorted",
        "def labels(tags):\n    return [t.upper() for t in tags]\n",
        "    return [t.upper() for t in tags]\n",
        "    return [t.upper() for t in sorted(tags)]\n",
        "return [",
    ),
    (
        "wrap-sorted",
        """
        class Shelf:
            def __init__(self):
                self.titles = set()

            def listing(self):
                lines = []
                for t in self.titles:
                    lines.append(t)
                return lines
        """,
        "        for t in self.titles:\n",
        "        for t in sorted(self.titles):\n",
        "for t in",
    ),
    # --- min(self.cap, e): a stored limit the class never applies
    (
        "wrap-min-cap",
        """
        class Ferry:
            def __init__(self, deck):
                self.deck = deck
                self.trips = []

            def sail(self, cars):
                self.trips.append(cars)
                return len(self.trips)
        """,
        "        self.trips.append(cars)\n",
        "        self.trips.append(min(self.deck, cars))\n",
        "self.trips.append(cars)",
    ),
    (
        "wrap-min-cap",
        """
        class Oven:
            def __init__(self, trays):
                self.trays = trays
                self.baked = 0

            def bake(self, loaves):
                batch = loaves
                self.baked += batch
                return batch
        """,
        "        batch = loaves\n",
        "        batch = min(self.trays, loaves)\n",
        "batch = loaves",
    ),
    (
        "wrap-min-cap",
        "def pour(volume, max_cup):\n    return volume\n",
        "    return volume\n",
        "    return min(max_cup, volume)\n",
        "return volume",
    ),
    # --- `x.a is None or ...` for an optional field, in a method's condition
    (
        "wrap-none-guard",
        """
        class Ticket:
            def __init__(self, day, until=None):
                self.day = day
                self.until = until


        class Gate:
            def __init__(self):
                self.tickets = []

            def valid(self, today):
                return [t for t in self.tickets if t.day <= today and today <= t.until]
        """,
        "        return [t for t in self.tickets if t.day <= today and today <= t.until]\n",
        "        return [t for t in self.tickets if t.day <= today and (t.until is None or today <= t.until)]\n",
        "return [t",
    ),
    (
        "wrap-none-guard",
        """
        from dataclasses import dataclass


        @dataclass
        class Loan:
            amount: int
            due: int | None = None


        def overdue(loans, today):
            late = []
            for loan in loans:
                if today > loan.due:
                    late.append(loan)
            return late
        """,
        "        if today > loan.due:\n",
        "        if loan.due is not None and today > loan.due:\n",
        "if today > loan.due",
    ),
    # --- the counter update another method undoes (subscripted instance state)
    (
        "insert-mirror-update",
        """
        class Garage:
            def __init__(self, levels):
                self.spaces = {lv: 10 for lv in levels}
                self.parked = {}

            def enter(self, plate, level):
                self.spaces[level] -= 1
                self.parked[plate] = level

            def leave(self, plate):
                level = self.parked.pop(plate)
                return level
        """,
        "        level = self.parked.pop(plate)\n",
        "        level = self.parked.pop(plate)\n        self.spaces[level] += 1\n",
        "level = self.parked.pop",
    ),
    # --- the guard a sibling method runs before the same statement
    (
        "insert-entry-guard",
        """
        class Closed(Exception):
            pass


        class Library:
            def __init__(self, books):
                self.shelf = set(books)
                self.held = {}

            def hold(self, book, who):
                if book not in self.shelf:
                    raise Closed(book)
                self.shelf.remove(book)
                self.held[book] = who

            def lend(self, book, who):
                if self.held.get(book) == who:
                    del self.held[book]
                else:
                    self.shelf.remove(book)
                return book
        """,
        "        else:\n",
        "        else:\n            if book not in self.shelf:\n                raise Closed(book)\n",
        "            self.shelf.remove(book)\n        return",
    ),
    # --- a None reading skipped in a loop body
    (
        "none-guard",
        """
        def rainfall(days):
            total = 0
            wettest = None
            for day, mm in days:
                total += mm
                if wettest is None or mm > wettest:
                    wettest = mm
            return total, wettest
        """,
        "    for day, mm in days:\n",
        "    for day, mm in days:\n        if mm is None:\n            continue\n",
        "total += mm",
    ),
    (
        "none-guard",
        """
        class Meter:
            def peak(self, readings):
                best = 0
                for r in readings:
                    if r > best:
                        best = r
                return best
        """,
        "        for r in readings:\n",
        "        for r in readings:\n            if r is None:\n                continue\n",
        "if r > best",
    ),
    # --- an early return at a loop's first hit
    (
        "insert-loop-return",
        """
        class Locker:
            def __init__(self, number):
                self.number = number
                self.owner = None


        class Room:
            def __init__(self, n):
                self.lockers = [Locker(i + 1) for i in range(n)]

            def take(self, owner):
                for locker in self.lockers:
                    if locker.owner is None:
                        locker.owner = owner
                return None

            def free(self):
                return [x.number for x in self.lockers if x.owner is None]
        """,
        "                locker.owner = owner\n",
        "                locker.owner = owner\n                return locker.number\n",
        "locker.owner = owner",
    ),
    (
        "insert-loop-return",
        """
        def has_vowel(word):
            found = []
            for ch in word:
                if ch in "aeiou":
                    found.append(ch)
            return False
        """,
        "            found.append(ch)\n",
        "            found.append(ch)\n            return True\n",
        "found.append(ch)",
    ),
    # --- an index n - 1 as a call's position argument
    (
        "off-by-one",
        """
        class Playlist:
            def __init__(self):
                self.songs = []

            def remove(self, track):
                title = self.songs.pop(track)
                return title
        """,
        "        title = self.songs.pop(track)\n",
        "        title = self.songs.pop(track - 1)\n",
        "pop(track)",
    ),
    (
        "off-by-one",
        "def put(xs, place, x):\n    xs.insert(place, x)\n    return xs\n",
        "    xs.insert(place, x)\n",
        "    xs.insert(place - 1, x)\n",
        "xs.insert",
    ),
    # --- an unbound name that resembles nothing: a name the neighbouring code reads
    (
        "name-in-scope",
        """
        def cooling(start, end, speed):
            if end >= start:
                minutes = (end - start) / speed
            else:
                minutes = (start - finish) / speed
            return minutes
        """,
        "        minutes = (start - finish) / speed\n",
        "        minutes = (start - end) / speed\n",
        "finish",
    ),
    # --- the final flush under the guard the loop's flush has
    (
        "insert-after-loop",
        """
        def runs(bits):
            out = []
            last, n = None, 0
            for b in bits:
                if b == last:
                    n += 1
                    continue
                if last is not None:
                    out.append((last, n))
                last, n = b, 1
            return out
        """,
        "        last, n = b, 1\n",
        "        last, n = b, 1\n    if last is not None:\n        out.append((last, n))\n",
        "for b in bits",
    ),
    # --- the pointer of an unlinking walk advances in the else only
    (
        "insert-pointer-update",
        """
        def drop_even(head):
            prev, cur = head, head.nxt
            while cur is not None:
                if cur.val % 2 == 0:
                    prev.nxt = cur.nxt
                cur = cur.nxt
            return head
        """,
        "            prev.nxt = cur.nxt\n",
        "            prev.nxt = cur.nxt\n        else:\n            prev = cur\n",
        "prev.nxt = cur.nxt",
    ),
]


@pytest.mark.parametrize(
    "template,buggy,old,new,needle", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_the_kind_is_generated(template: str, buggy: str, old: str, new: str, needle: str) -> None:
    b = src(buggy)
    assert b.count(old) == 1, "the replaced lines must stand once in the buggy program"
    f = b.replace(old, new)
    if "\n" in needle:  # a needle over two lines: the first line of the match
        at = b.index(needle)
        needle = b[: at + len(needle.split("\n")[0])].splitlines()[-1]
    c = fix_of(b, f, needle)
    assert c.template == template, (c.template, c.description)


def _news(source: str, needle: str) -> list[str]:
    line = next(i for i, ln in enumerate(source.splitlines(), 1) if needle in ln)
    return [
        ast.dump(ast.parse(c.new_source)) for c in generate_candidates(source, "m.py", {line: 1.0})
    ]


def test_an_unlinking_walk_never_advances_its_pointer_unconditionally() -> None:
    buggy = src(
        """
        def drop_even(head):
            prev, cur = head, head.nxt
            while cur is not None:
                if cur.val % 2 == 0:
                    prev.nxt = cur.nxt
                cur = cur.nxt
            return head
        """
    )
    wrong = buggy.replace("        cur = cur.nxt\n", "        prev = cur\n        cur = cur.nxt\n")
    assert ast.dump(ast.parse(wrong)) not in _news(buggy, "prev.nxt = cur.nxt")
    # without the unlink, the plain advance is offered
    walk = buggy.replace("prev.nxt = cur.nxt", "print(prev.val)")
    advanced = walk.replace(
        "        cur = cur.nxt\n", "        prev = cur\n        cur = cur.nxt\n"
    )
    assert ast.dump(ast.parse(advanced)) in _news(walk, "print(prev.val)")


def test_sorted_wraps_no_walk_that_has_its_own_order() -> None:
    buggy = (
        "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n"
    )
    assert not any(
        "sorted(range" in c.new_source for c in generate_candidates(buggy, "m.py", {3: 1.0})
    )


def test_the_guarded_final_flush_ranks_with_the_bare_one() -> None:
    buggy = src(
        """
        def runs(bits):
            out = []
            last, n = None, 0
            for b in bits:
                if b == last:
                    n += 1
                    continue
                if last is not None:
                    out.append((last, n))
                last, n = b, 1
            return out
        """
    )
    cands = [
        c for c in generate_candidates(buggy, "m.py", {4: 1.0}) if c.template == "insert-after-loop"
    ]
    guarded = [c for c in cands if "if last is not None:\n        out.append" in c.new_source]
    bare = [c for c in cands if c not in guarded]
    assert guarded and bare
    assert cands.index(guarded[0]) < cands.index(bare[0])
