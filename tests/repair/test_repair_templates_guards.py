"""Missing-statement templates (templates_guards, and the counter-update mirror of
templates_insert): each kind on small programs written for this test, in several shapes."""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.templates import generate_candidates
from fixloop.repair.templates_guards import reworded


def src(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def fixes(buggy: str, fixed: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (lines holding ``needles`` suspicious) is ``fixed``."""
    buggy, fixed = src(buggy), src(fixed)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", lines)
        if ast.dump(ast.parse(c.new_source)) == want
    ]


CASES = [
    (
        "insert-entry-guard",  # a method popping an attribute; the class nobody raises yet
        """
        class Empty(Exception):
            pass

        class NoneLeft(Exception):
            pass

        class Queue:
            def __init__(self):
                self.items = []
                self.log = []

            def peek(self):
                if not self.items:
                    raise Empty("queue is empty")
                return self.items[0]

            def take(self):
                self.log.append("take")
                return self.items.pop()
        """,
        """
        class Empty(Exception):
            pass

        class NoneLeft(Exception):
            pass

        class Queue:
            def __init__(self):
                self.items = []
                self.log = []

            def peek(self):
                if not self.items:
                    raise Empty("queue is empty")
                return self.items[0]

            def take(self):
                if not self.items:
                    raise NoneLeft("queue is empty")
                self.log.append("take")
                return self.items.pop()
        """,
        ["self.log.append", "return self.items.pop()"],
    ),
    (
        "insert-entry-guard",  # a function indexing a parameter with -1, no module class
        "def last(xs):\n    seen = len(xs)\n    return xs[-1], seen\n",
        "def last(xs):\n    if not xs:\n        raise IndexError()\n    seen = len(xs)\n"
        "    return xs[-1], seen\n",
        ["return xs[-1]"],
    ),
    (
        "insert-entry-guard",  # the guard that opens a sibling method, copied (heap, no .pop())
        """
        import heapq

        class Closed(Exception):
            pass

        class Pool:
            def __init__(self):
                self._open = True
                self._heap = []

            def add(self, x):
                if not self._open:
                    raise Closed("pool closed")
                heapq.heappush(self._heap, x)

            def take(self):
                return heapq.heappop(self._heap)
        """,
        """
        import heapq

        class Closed(Exception):
            pass

        class Pool:
            def __init__(self):
                self._open = True
                self._heap = []

            def add(self, x):
                if not self._open:
                    raise Closed("pool closed")
                heapq.heappush(self._heap, x)

            def take(self):
                if not self._open:
                    raise Closed("pool closed")
                return heapq.heappop(self._heap)
        """,
        ["return heapq.heappop"],
    ),
    (
        "insert-mirror-guard",  # the module guards the attribute so in a sibling function
        """
        def label(t):
            if t.ended is None:
                return "open"
            return "closed"

        def length(t):
            return t.ended - t.started
        """,
        """
        def label(t):
            if t.ended is None:
                return "open"
            return "closed"

        def length(t):
            if t.ended is None:
                return "open"
            return t.ended - t.started
        """,
        ["return t.ended - t.started"],
    ),
    (
        "insert-mirror-guard",  # a plain name guarded elsewhere, used in an assignment
        """
        def show(limit):
            if limit is None:
                return None
            return str(limit)

        def half(limit):
            h = limit // 2
            return h
        """,
        """
        def show(limit):
            if limit is None:
                return None
            return str(limit)

        def half(limit):
            if limit is None:
                return None
            h = limit // 2
            return h
        """,
        ["h = limit // 2"],
    ),
    (
        "insert-return-value",  # the computed value falls through to the default
        """
        def lookup(env, file, name, default):
            if name in env:
                value = int(env[name])
            if name in file:
                return file[name]
            return default
        """,
        """
        def lookup(env, file, name, default):
            if name in env:
                value = int(env[name])
                return value
            if name in file:
                return file[name]
            return default
        """,
        ["value = int"],
    ),
    (
        "insert-return-value",  # in a loop body
        """
        def first_big(xs, k):
            for x in xs:
                if x > k:
                    hit = x * 2
            return None
        """,
        """
        def first_big(xs, k):
            for x in xs:
                if x > k:
                    hit = x * 2
                    return hit
            return None
        """,
        ["hit = x"],
    ),
    (
        "insert-mirror-update",  # the counter raised by an assignment, lowered in another branch
        """
        def occupancy(events):
            count = {}
            for who, kind in events:
                if kind == "in":
                    count[who] = count.get(who, 0) + 1
                else:
                    print(who)
            return count
        """,
        """
        def occupancy(events):
            count = {}
            for who, kind in events:
                if kind == "in":
                    count[who] = count.get(who, 0) + 1
                else:
                    print(who)
                    count[who] -= 1
            return count
        """,
        ["print(who)"],
    ),
    (
        "insert-mirror-update",  # a name counter ``n = n + 1``
        """
        def balance(ops):
            n = 0
            for op in ops:
                if op == "(":
                    n = n + 1
                elif op == ")":
                    check(n)
            return n
        """,
        """
        def balance(ops):
            n = 0
            for op in ops:
                if op == "(":
                    n = n + 1
                elif op == ")":
                    check(n)
                    n -= 1
            return n
        """,
        ["check(n)"],
    ),
]


@pytest.mark.parametrize(("template", "buggy", "fixed", "needles"), CASES)
def test_missing_statement_generated(
    template: str, buggy: str, fixed: str, needles: list[str]
) -> None:
    assert template in fixes(buggy, fixed, needles)


def test_no_return_when_the_value_is_read_later() -> None:
    buggy = src(
        """
        def f(a):
            if a:
                v = a + 1
            return v
        """
    )
    cands = generate_candidates(buggy, "mod.py", {3: 1.0})
    assert not [c for c in cands if c.template == "insert-return-value"]


def test_a_sibling_guard_reading_its_own_parameter_is_not_copied() -> None:
    buggy = src(
        """
        class Box:
            def put(self, item):
                if item is None:
                    raise ValueError("no item")
                self.items.append(item)

            def get(self):
                return self.items[0]
        """
    )
    line = next(i for i, ln in enumerate(buggy.splitlines(), 1) if "return self.items" in ln)
    cands = generate_candidates(buggy, "mod.py", {line: 1.0})
    assert cands and [c for c in cands if c.template == "insert-entry-guard"]
    assert not [c for c in cands if "of a sibling method" in c.description]


def test_reworded_swaps_the_one_differing_word() -> None:
    assert reworded('("nothing to undo")', "NothingToUndo", "NothingToRedo") == (
        '("nothing to redo")'
    )
    assert reworded('("Undo: empty")', "NothingToUndo", "NothingToRedo") == '("Redo: empty")'
    assert reworded('("x")', "KeyMissing", "ValueBad") == '("x")'
