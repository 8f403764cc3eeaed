"""Missing statements implied by what a function reads (templates_missing, the unfilled push of
templates_context_stmt, set adds to a comprehension-built set): paired pointer updates, cache
stores, cap guards, a push on the one branch that forgets it. Programs written for this test;
each case is the fixed program with its inserted lines marked ``#+`` (the buggy one lacks them).
"""

from __future__ import annotations

import ast
import textwrap

import pytest

from fixloop.repair.siblings import _same_edit
from fixloop.repair.templates import generate_candidates


def src_of(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def split(marked: str) -> tuple[str, str]:
    """``(buggy, fixed)`` of a program whose inserted lines end with ``#+``."""
    lines = textwrap.dedent(marked).lstrip("\n").splitlines(keepends=True)
    fixed = "".join(ln.replace("  #+", "") for ln in lines)
    buggy = "".join(ln for ln in lines if "#+" not in ln)
    return buggy, fixed


def fixing(marked: str, needles: list[str]) -> list[str]:
    """Templates whose candidate (the lines holding ``needles`` suspicious) is the fixed program."""
    buggy, fixed = split(marked)
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if any(n in ln for n in needles)}
    assert lines
    want = ast.dump(ast.parse(fixed))
    return [
        c.template
        for c in generate_candidates(buggy, "mod.py", lines)
        if ast.dump(ast.parse(c.new_source)) == want
    ]


CASES = [
    (  # two trailing pointers bound together, walked by a loop over pairs
        "insert-pointer-update",
        """
        def hops(start, t0, fixes):
            out = []
            last_name, last_t = start, t0
            for name, t in fixes:
                out.append((last_name, name, t - last_t))
                last_name, last_t = name, t  #+
            return out
        """,
        ["out.append"],
    ),
    (  # a cache of (value, time) entries only read: the store after the value is computed
        "insert-cache-store",
        """
        class Resolver:
            def __init__(self, lookup, clock, ttl=30.0):
                self._lookup = lookup
                self._clock = clock
                self._ttl = ttl
                self._seen: dict[str, tuple[str, float]] = {}

            def address(self, host):
                now = self._clock()
                entry = self._seen.get(host)
                if entry is not None and now - entry[1] < self._ttl:
                    return entry[0]
                addr = self._lookup(host)
                self._seen[host] = (addr, now)  #+
                return addr
        """,
        ["addr = self._lookup"],
    ),
    (  # a module-level memo tested by membership: the store before the value is returned
        "insert-cache-store",
        """
        _PRICES = {}


        def price(sku, table):
            if sku in _PRICES:
                return _PRICES[sku]
            cents = round(table[sku] * 1.21)
            _PRICES[sku] = cents  #+
            return cents
        """,
        ["return cents"],
    ),
    (  # a cap on a counter kept in a closure, the module's exception nothing raises yet
        "insert-cap-guard",
        """
        class TooHeavy(ValueError):
            pass


        def loader(max_kg):
            loads = {}

            def put(bay, kg):
                if loads.get(bay, 0) + kg > max_kg:  #+
                    raise TooHeavy(f"{loads.get(bay, 0) + kg} > {max_kg}")  #+
                loads[bay] = loads.get(bay, 0) + kg
                return loads[bay]

            return put
        """,
        ["loads[bay] = "],
    ),
    (  # a floor on an attribute counter of a method
        "insert-cap-guard",
        """
        class Overdrawn(Exception):
            pass


        class Account:
            def __init__(self, min_balance):
                self.min_balance = min_balance
                self.balance = 0

            def withdraw(self, amount):
                if self.balance - amount < self.min_balance:  #+
                    raise Overdrawn(f"{self.balance - amount} < {self.min_balance}")  #+
                self.balance -= amount
                return self.balance
        """,
        ["self.balance -= amount"],
    ),
    (  # the one branch that pushes nothing fills the list nothing else fills
        "insert-branch-push",
        """
        class Shelves:
            def __init__(self):
                self.small = []
                self.large = []
                self.returned = []
                self.codes = set()

            def put(self, parcels):
                for p in parcels:
                    if p.kg < 2:
                        self.small.append(p.code)
                    elif p.kg < 20:
                        self.large.append(p.code)
                    else:
                        self.codes.add(p.kg)
                        self.returned.append(p.code)  #+

            def count(self):
                return len(self.small) + len(self.large) + len(self.returned)
        """,
        ["self.codes.add"],
    ),
    (  # a set built by a comprehension is tested but never added to
        "insert-set-add",
        """
        def fresh(names, known):
            seen = {n.lower() for n in known}
            out = []
            for n in names:
                key = n.lower()
                if key in seen:
                    continue
                seen.add(key)  #+
                out.append(n)
            return out
        """,
        ["out.append(n)"],
    ),
]


@pytest.mark.parametrize("template,marked,needles", CASES)
def test_the_missing_statement_is_generated(template, marked, needles):
    assert template in fixing(marked, needles)


def test_no_cache_store_when_the_dict_is_stored_somewhere():
    buggy, _ = split(CASES[2][1])
    buggy += "\n\ndef warm(sku, cents):\n    _PRICES[sku] = cents\n"
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if "return cents" in ln}
    assert not [c for c in generate_candidates(buggy, "m.py", lines) if "cache-store" in c.template]


def test_no_cap_guard_without_a_bound_in_scope():
    buggy, _ = split(CASES[3][1])
    buggy = buggy.replace("max_kg", "weight")
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if "loads[bay] = " in ln}
    assert not [c for c in generate_candidates(buggy, "m.py", lines) if "cap-guard" in c.template]


def test_a_cache_store_names_unbound_at_the_insertion_are_left_out():
    buggy, _ = split(CASES[1][1])
    lines = {i: 1.0 for i, ln in enumerate(buggy.splitlines(), 1) if "now = self._clock()" in ln}
    stores = [c for c in generate_candidates(buggy, "m.py", lines) if "cache-store" in c.template]
    assert all("addr" not in c.description for c in stores)  # addr is computed later


def test_a_sibling_comparison_must_compare_the_same_operands():
    edit = ("    if a.low < at:", "    if a.low <= at:")
    assert not _same_edit(edit, ("    if a.wind < CALM:", "    if a.wind <= CALM:"))
    assert _same_edit(edit, ("    while a.low < at:", "    while a.low <= at:"))


def test_no_pointer_pair_for_the_fields_of_one_unpacked_value():
    buggy = src_of(
        """
        def steps(cells):
            out = []
            for cell in cells:
                r, c = cell
                for dr, dc in ((1, 0), (0, 1)):
                    out.append((r + dr, c + dc))
            return out
        """
    )
    lines = {i: 1.0 for i in range(1, len(buggy.splitlines()) + 1)}
    made = generate_candidates(buggy, "m.py", lines)
    assert not [c for c in made if "r, c = dr, dc" in c.description]
