"""Unfilled collections (unfilled.py) and the completions of one case chain (rank_intent.py)."""

from __future__ import annotations

from fixloop.repair.candidate import Candidate
from fixloop.repair.overfit import rank_plausible
from fixloop.repair.rank_intent import same_case_chain, same_kind_of_site
from fixloop.repair.unfilled import candidate_unfilled, unfilled_collections

CACHE = (
    "class Book:\n"
    "    def __init__(self, lookup):\n"
    "        self._lookup = lookup\n"
    "        self._seen = {}\n"
    "        self.calls = 0\n"
    "\n"
    "    def get(self, key):\n"
    "        if key in self._seen:\n"
    "            return self._seen[key]\n"
    "        value = self._lookup(key)\n"
    "        self.calls += 1\n"
    "        return value\n"
)


def test_a_collection_read_and_never_filled_is_counted_and_any_fill_or_hand_on_clears_it() -> None:
    assert unfilled_collections(CACHE) == 1
    stored = CACHE.replace(
        "        return value\n", "        self._seen[key] = value\n        return value\n"
    )
    assert unfilled_collections(stored) == 0
    updated = CACHE.replace(
        "        return value\n", "        self._seen.update({key: value})\n        return value\n"
    )
    assert unfilled_collections(updated) == 0
    handed = CACHE.replace(
        "        return value\n", "        remember(self._seen)\n        return value\n"
    )
    assert unfilled_collections(handed) == 0  # someone else may fill it
    local = (
        "def unique(xs):\n    seen = set()\n    out = []\n    for x in xs:\n"
        "        if x in seen:\n            continue\n        out.append(x)\n    return out\n"
    )
    assert unfilled_collections(local) == 1  # out is filled, seen never is
    assert unfilled_collections(local.replace("out.append(x)", "seen.add(x); out.append(x)")) == 0
    # not empty when made, or never read: no evidence
    assert unfilled_collections(local.replace("seen = set()", "seen = set(xs)")) == 0
    assert unfilled_collections("def f():\n    cache = {}\n    return 1\n") == 0
    assert unfilled_collections("def broken(:\n") == 0


def _cand(new: str, template: str, line: int) -> Candidate:
    return Candidate("b.py", new, template, template, line, 0.3, 0.3, old_source=CACHE)


def test_a_patch_that_fills_the_read_collection_beats_a_smaller_path_change() -> None:
    fill = _cand(
        CACHE.replace(
            "        return value\n", "        self._seen[key] = value\n        return value\n"
        ),
        "insert-store",
        12,
    )
    counter = _cand(CACHE.replace("self.calls = 0", "self.calls = -1"), "constant", 5)
    assert candidate_unfilled(fill) == -1 and candidate_unfilled(counter) == 0
    lines = [1, 2, 3, 4, 5, 7, 8, 10, 11, 12]
    before = {"tests": {"t_pass": {"outcome": "passed", "lines": [["b.py", n] for n in lines]}}}
    # the inserted line 12 is new to the passing test: a path change of one line in eleven
    after = {
        id(fill): {
            "tests": {"t_pass": {"outcome": "passed", "lines": [["b.py", n] for n in [*lines, 13]]}}
        },
        id(counter): before,
    }
    ordered, notes = rank_plausible([counter, fill], before, [], lambda c: after[id(c)])
    assert "distance 0.09" in " ".join(notes)  # the distance alone prefers the counter
    assert ordered == [fill, counter]


LADDER = (
    "def flag(knots):\n"
    "    if knots < 12:\n"
    "        return 'green'\n"
    "    elif knots < 20:\n"
    "        return 'yellow'\n"
    "    return 'red'\n"
)
TWICE = (
    "def to_c(f):\n"
    "    if f < 32:\n"
    "        return 'frost'\n"
    "    return 'thaw'\n"
    "\n"
    "def to_k(f):\n"
    "    if f < 32:\n"
    "        return 'ice'\n"
    "    return 'water'\n"
)


def _pair(src: str, first: str, second: str, n: int) -> tuple[Candidate, Candidate]:
    """A one-site patch (the ``n``-th ``first`` -> ``second``) and its +sibling completion."""
    i = -1
    for _ in range(n):
        i = src.index(first, i + 1)
    half_src = src[:i] + second + src[i + len(first) :]
    whole_src = src.replace(first, second)  # every site, each once
    line = src[:i].count("\n") + 1
    half = Candidate("f.py", half_src, "compare-boundary", "h", line, 0.4, 0.4, old_source=src)
    whole = Candidate(
        "f.py", whole_src, "compare-boundary+sibling", "w", line, 0.4, 0.4, old_source=src
    )
    whole.completes = half.key
    return half, whole


def test_a_completion_in_another_condition_of_the_same_chain_goes_after_its_half_fix() -> None:
    half, whole = _pair(LADDER, "knots <", "knots <=", 2)  # the elif's bound, then the if's
    assert same_kind_of_site(half, whole) and same_case_chain(half, whole)
    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([half, whole], flat, [], lambda c: flat)
    assert ordered == [half, whole]
    # the same edit in two functions (a bug made twice): the completion still goes first
    h2, w2 = _pair(TWICE, "f < 32", "f <= 32", 1)
    assert not same_case_chain(h2, w2)
    ordered, _ = rank_plausible([h2, w2], flat, [], lambda c: flat)
    assert ordered == [w2, h2]
    # conditional expressions chained through their else count as one chain too
    expr = "def wave(m):\n    return 'g' if m < 1.0 else 'y' if m < 2.0 else 'r'\n"
    h3 = Candidate(
        "f.py", expr.replace("m < 2.0", "m <= 2.0"), "c", "h", 2, 0.4, 0.4, old_source=expr
    )
    w3 = Candidate(
        "f.py",
        h3.new_source.replace("m < 1.0", "m <= 1.0"),
        "c+sibling",
        "w",
        2,
        0.4,
        0.4,
        old_source=expr,
    )
    assert same_case_chain(h3, w3)


DOCK = (
    "class Dock:\n"
    "    def __init__(self):\n"
    "        self.bikes = []\n"
    "        self.available = 0\n"
    "\n"
    "    def dock(self, bike):\n"
    "        self.bikes.append(bike)\n"
    "        self.available += 1\n"
    "\n"
    "    def undock(self):\n"
    "        bike = self.bikes.pop()\n"
    "        return bike\n"
)


def test_a_counter_turned_into_a_constant_goes_after_a_path_change_that_keeps_it_counting() -> None:
    const = Candidate(
        "d.py",
        DOCK.replace("available += 1", "available = 1"),
        "assign-kind",
        "c",
        8,
        0.3,
        0.3,
        DOCK,
    )
    mirror = Candidate(
        "d.py",
        DOCK.replace("        return bike\n", "        self.available -= 1\n        return bike\n"),
        "insert-mirror-update",
        "m",
        12,
        0.3,
        0.3,
        DOCK,
    )
    from fixloop.repair.rank_intent import counter_to_constant

    assert counter_to_constant(const) and not counter_to_constant(mirror)
    step = Candidate(
        "d.py", DOCK.replace("available += 1", "available += 2"), "c", "s", 8, 0.3, 0.3, DOCK
    )
    total = Candidate(
        "d.py",
        DOCK.replace("available += 1", "available = len(self.bikes)"),
        "c",
        "t",
        8,
        0.3,
        0.3,
        DOCK,
    )
    assert not counter_to_constant(step) and not counter_to_constant(total)
    lines = [1, 2, 3, 4, 6, 7, 8, 10, 11, 12]
    before = {"tests": {"t_pass": {"outcome": "passed", "lines": [["d.py", n] for n in lines]}}}
    after = {
        id(mirror): {
            "tests": {"t_pass": {"outcome": "passed", "lines": [["d.py", n] for n in [*lines, 13]]}}
        },
        id(const): before,
    }
    ordered, notes = rank_plausible([const, mirror], before, [], lambda c: after[id(c)])
    assert "distance 0.09" in " ".join(notes)  # the inserted update is the path change
    assert ordered == [mirror, const]
