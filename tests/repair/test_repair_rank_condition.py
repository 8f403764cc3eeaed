"""The smallest semantic change of one condition (rank_condition.py), loop accumulators (rank_loops.py).

Own fixtures: the kind (a condition widened versus moved, an operand's operator versus the
comparison's) in a property with a conditional expression, a method's ``if``, a comprehension's
filter, a ``while`` condition and a ``return`` of a comparison.
"""

from __future__ import annotations

import ast

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_condition import changed_condition, condition_ranks, semantic_distance
from fixloop.repair.rank_loops import live_accumulators, stops_accumulating

PROPERTY = (
    "import statistics\n"
    "\n"
    "class Log:\n"
    "    def __init__(self):\n"
    "        self.xs = []\n"
    "\n"
    "    @property\n"
    "    def spread(self):\n"
    "        xs = self.xs\n"
    "        return 0.0 if len(xs) == 0 else statistics.stdev(xs)\n"
)

BITS = (
    "class Panel:\n"
    "    def __init__(self, word=0):\n"
    "        self.word = word\n"
    "\n"
    "    def lit(self, names):\n"
    "        return [n for b, n in names.items() if (self.word ^ b) != 0]\n"
)

LOOP = (
    "def drain(queue, keep):\n"
    "    out = []\n"
    "    while len(queue) > keep:\n"
    "        out.append(queue.pop())\n"
    "    return out\n"
)

METHOD_IF = (
    "class Lift:\n"
    "    def over(self, load, cap):\n"
    "        if load > cap:\n"
    "            return True\n"
    "        return False\n"
)


def _cand(old: str, new: str, template: str, line: int) -> Candidate:
    return Candidate("m.py", new, template, template, line, 0.3, 0.3, old_source=old)


def _e(text: str) -> ast.expr:
    return ast.parse(text, mode="eval").body


def test_widening_a_condition_is_a_smaller_change_than_moving_it() -> None:
    moved = semantic_distance(_e("len(g) == 0"), _e("len(g) == 1"))
    shifted = semantic_distance(_e("len(g) == 0"), _e("len(g) - 1 == 0"))
    widened = semantic_distance(_e("len(g) == 0"), _e("len(g) <= 1"))
    assert widened == 1 and moved == shifted == 2  # len() is never negative: grid 0..8
    # an operand's operator against the comparison's: & keeps the cases where both agree
    flipped = semantic_distance(_e("(w ^ b) != 0"), _e("(w ^ b) == 0"))
    operand = semantic_distance(_e("(w ^ b) != 0"), _e("(w & b) != 0"))
    assert flipped is not None and operand is not None and operand < flipped
    assert semantic_distance(_e("x < n"), _e("x <= n")) < semantic_distance(  # type: ignore[operator]
        _e("x < n"), _e("x != n")
    )


def test_no_distance_where_the_grid_would_not_mean_the_same_inputs() -> None:
    assert semantic_distance(_e("x < n"), _e("x < m")) is None  # another quantity compared
    assert semantic_distance(_e("s == 'a'"), _e("s != 'a'")) is None  # not a number
    assert semantic_distance(_e("a < b < c < d"), _e("a < b < c <= d")) is None  # 4 quantities
    # a raised exception is an outcome of its own, not an error of the measure
    assert semantic_distance(_e("x // n > 1"), _e("x // n >= 1")) is not None


def test_the_changed_condition_is_the_innermost_boolean_expression_of_the_edit() -> None:
    new = PROPERTY.replace("len(xs) == 0", "len(xs) - 1 == 0")
    site, old, twin = changed_condition(_cand(PROPERTY, new, "off-by-one", 10)) or ((), None, None)
    assert site[1:] == (10, 22, "len(xs) == 0")
    assert ast.unparse(twin) == "len(xs) - 1 == 0"  # type: ignore[arg-type]
    both = METHOD_IF.replace("load > cap", "load >= cap and cap > 0")
    assert changed_condition(_cand(METHOD_IF, both, "x", 3)) is not None
    # a connective and one of its comparisons: two conditions, never compared with each other
    prime = "def odd_prime(n):\n    return not (n < 2 and n % 2 == 0)\n"
    connective = _cand(prime, prime.replace(" and ", " or "), "boolop", 2)
    operand = _cand(prime, prime.replace("n < 2", "n < 3"), "const", 2)
    sites = [changed_condition(c) for c in (connective, operand)]
    assert [s[0][3] for s in sites if s] == ["n < 2 and n % 2 == 0", "n < 2"]
    assert condition_ranks([connective, operand]) == {id(connective): 0, id(operand): 0}
    # a change that is no condition's, or that inserts a statement: none
    moved_return = METHOD_IF.replace("return False", "return None")
    assert changed_condition(_cand(METHOD_IF, moved_return, "x", 5)) is None
    inserted = LOOP.replace("    return out\n", "    out.reverse()\n    return out\n")
    assert changed_condition(_cand(LOOP, inserted, "x", 5)) is None


def test_only_patches_of_the_same_condition_are_compared() -> None:
    widened = _cand(PROPERTY, PROPERTY.replace("len(xs) == 0", "len(xs) <= 1"), "bound", 10)
    moved = _cand(PROPERTY, PROPERTY.replace("len(xs) == 0", "len(xs) == 1"), "const", 10)
    ranks = condition_ranks([moved, widened])
    assert ranks == {id(moved): 1, id(widened): 0}
    # alone at its condition (the loop's), a patch that moves a bound far is never marked
    far = _cand(LOOP, LOOP.replace("len(queue) > keep", "len(queue) != keep"), "cmp", 3)
    assert condition_ranks([far, widened])[id(far)] == 0
    # the comprehension's filter: the operand's operator before the flipped comparison
    flip = _cand(BITS, BITS.replace("!= 0", "== 0"), "compare-boundary", 6)
    amp = _cand(BITS, BITS.replace("self.word ^ b", "self.word & b"), "binop-other", 6)
    assert condition_ranks([flip, amp]) == {id(flip): 1, id(amp): 0}
    # the method's if: < becomes <= before it becomes !=
    ge = _cand(METHOD_IF, METHOD_IF.replace("load > cap", "load >= cap"), "compare-boundary", 3)
    ne = _cand(METHOD_IF, METHOD_IF.replace("load > cap", "load != cap"), "compare-other", 3)
    assert condition_ranks([ne, ge]) == {id(ne): 1, id(ge): 0}


def test_the_judge_puts_the_widened_condition_first_when_the_traces_tie() -> None:
    moved = _cand(PROPERTY, PROPERTY.replace("len(xs) == 0", "len(xs) == 1"), "constant", 10)
    shifted = _cand(PROPERTY, PROPERTY.replace("len(xs) == 0", "len(xs) - 1 == 0"), "off", 10)
    widened = _cand(PROPERTY, PROPERTY.replace("len(xs) == 0", "len(xs) <= 1"), "bound", 10)
    lines = [["m.py", n] for n in (1, 3, 4, 5, 8, 9, 10)]
    before = {"tests": {"t_pass": {"outcome": "passed", "lines": lines}}}
    plausible = [moved, shifted, widened]  # the screening order: the widened one found last
    ordered, _notes = rank_plausible(plausible, before, [], lambda c: before)
    assert ordered[0] is widened
    assert set(map(id, ordered[1:])) == {id(moved), id(shifted)}


PRESS = (
    "def totals(barrels):\n"
    "    out = {}\n"
    "    litres = 0.0\n"
    "    for barrel in barrels:\n"
    "        for p in barrel.pressings:\n"
    "            litres += p.litres\n"
    "        out[barrel.label] = round(litres, 1)\n"
    "    return out\n"
)

METHOD_WHILE = (
    "class Meter:\n"
    "    def run(self, ticks):\n"
    "        self.seen = 0\n"
    "        while ticks:\n"
    "            self.seen += ticks.pop()\n"
    "        return self.seen\n"
)

COMPREHENSION_HELPER = (
    "def scores(rounds):\n"
    "    def total(r):\n"
    "        s = 0\n"
    "        for pts in r:\n"
    "            s += pts\n"
    "        return s\n"
    "    return [total(r) for r in rounds]\n"
)


def test_an_accumulator_turned_into_a_store_or_reset_in_its_own_loop_stops_accumulating() -> None:
    assert live_accumulators(PRESS) == 1
    store = _cand(PRESS, PRESS.replace("litres += p.litres", "litres = p.litres"), "assign-kind", 6)
    inner = PRESS.replace(
        "            litres += p.litres\n",
        "            litres = 0.0\n            litres += p.litres\n",
    )
    outer = PRESS.replace(
        "        for p in barrel.pressings:\n",
        "        litres = 0.0\n        for p in barrel.pressings:\n",
    )
    assert stops_accumulating(store) and stops_accumulating(_cand(PRESS, inner, "insert", 5))
    assert not stops_accumulating(_cand(PRESS, outer, "insert", 4))  # the reset one loop out
    # a method's while loop on a field, and a helper of a comprehension
    mstore = METHOD_WHILE.replace("self.seen += ticks.pop()", "self.seen = ticks.pop()")
    assert stops_accumulating(_cand(METHOD_WHILE, mstore, "assign-kind", 5))
    assert not stops_accumulating(
        _cand(METHOD_WHILE, METHOD_WHILE.replace("+= ticks", "-= ticks"), "aug", 5)
    )
    reset = COMPREHENSION_HELPER.replace(
        "            s += pts\n", "            s = 0\n            s += pts\n"
    )
    assert stops_accumulating(_cand(COMPREHENSION_HELPER, reset, "insert", 5))
    assert live_accumulators("def f(:\n") is None


def test_the_judge_puts_the_reset_one_loop_out_before_the_smaller_store() -> None:
    store = _cand(PRESS, PRESS.replace("litres += p.litres", "litres = p.litres"), "assign-kind", 6)
    outer = _cand(
        PRESS,
        PRESS.replace(
            "        for p in barrel.pressings:\n",
            "        litres = 0.0\n        for p in barrel.pressings:\n",
        ),
        "insert-statement",
        4,
    )
    lines = [1, 2, 3, 4, 5, 6, 7, 8]
    before = {"tests": {"t_pass": {"outcome": "passed", "lines": [["m.py", n] for n in lines]}}}
    after = {  # the inserted line is a path change of the passing test; the store is none
        id(outer): {
            "tests": {"t_pass": {"outcome": "passed", "lines": [["m.py", n] for n in [*lines, 9]]}}
        },
        id(store): before,
    }
    ordered, notes = rank_plausible([store, outer], before, [], lambda c: after[id(c)])
    assert "distance 0.11" in " ".join(notes)  # the distance alone prefers the store
    assert ordered == [outer, store]
