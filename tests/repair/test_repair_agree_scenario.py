"""The passing tests' scenarios, one literal varied, as extra inputs for methods (agree_scenario.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from fixloop.repair.agree import departure
from fixloop.repair.agree_scenario import contender_probes, scenario_variants
from fixloop.repair.candidate import Candidate

#: a method-only program: nothing module-level for agree.py's function probes to call
SHELF = (
    "class Batch:\n"
    "    def __init__(self, target, slack=5):\n"
    "        self.target = target\n"
    "        self.slack = slack\n"
    "        self.items = []\n"
    "\n"
    "    def put(self, weight):\n"
    "        self.items.append(weight)\n"
    "\n"
    "    @property\n"
    "    def ok(self):\n"
    "        return all(w - self.target <= self.slack for w in self.items)\n"
)
SHELF_TESTS = (
    "from shelf import Batch\n"
    "\n"
    "CLOSE = [98, 100]\n"
    "\n"
    "\n"
    "def test_close_pieces_are_ok():\n"
    "    b = Batch(100)\n"
    "    for w in CLOSE:\n"
    "        b.put(w)\n"
    "    assert b.ok, 'close enough'\n"
    "\n"
    "\n"
    "def test_a_heavy_piece_is_not_ok():\n"
    "    b = Batch(100)\n"
    "    b.put(110)\n"
    "    assert b.ok == False\n"
    "\n"
    "\n"
    "def test_fails_now():\n"
    "    b = Batch(100)\n"
    "    b.put(90)\n"
    "    b.put(102)\n"
    "    assert not b.ok\n"
    "\n"
    "\n"
    "def test_needs_a_fixture(tmp_path):\n"
    "    assert tmp_path\n"
)
PASSING = [
    "tests/test_shelf.py::test_close_pieces_are_ok",
    "tests/test_shelf.py::test_a_heavy_piece_is_not_ok",
]


def _tree(root: Path) -> None:
    (root / "tests").mkdir(parents=True)
    (root / "shelf.py").write_text(SHELF)
    (root / "tests" / "test_shelf.py").write_text(SHELF_TESTS)


def test_variants_record_asserts_and_vary_one_literal_at_a_time(tmp_path: Path) -> None:
    _tree(tmp_path)
    got = scenario_variants(tmp_path, PASSING)
    plain = got[0]["source"]
    assert got[0]["tests"] == ["test_close_pieces_are_ok", "test_a_heavy_piece_is_not_ok"]
    assert "__fixloop_rec(b.ok)" in plain  # an assert records the computed value
    assert "assert" not in plain.split("def test_fails_now")[0]
    assert "CLOSE = [98, 100]" in plain
    sources = [v["source"] for v in got[1:]]
    assert any("CLOSE = [99, 100]" in s for s in sources)  # a module constant varied
    assert any("b.put(109)" in s for s in sources)  # a passing test's own literal, minus one
    assert not any("b.put(91)" in s for s in sources)  # the failing test's literals: not run
    assert not any("== True" in s or "== 1" in s for s in sources)  # expected values kept
    assert len(sources) == len(set(sources)) == 2 * 5  # 98, 100, 100, 100, 110: two each


def test_a_changed_default_departs_where_the_right_fix_does_not(tmp_path: Path) -> None:
    """``slack=5`` -> ``slack=0`` passes the failing test too (102 is out); the scenarios tell."""
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    _tree(root)

    def patch(old: str, new: str, line: int) -> Candidate:
        return Candidate("shelf.py", SHELF.replace(old, new), "t", "t", line, 0.5, 0.5, SHELF)

    right = patch("w - self.target", "abs(w - self.target)", 12)
    default = patch("slack=5", "slack=0", 2)
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True), root, tmp_path / "e", python=sys.executable
    )
    probes = contender_probes(screener, [default, right], wall_s=60.0, passing=PASSING)
    r, d = probes[id(right)], probes[id(default)]
    assert r.group == d.group == ("scenarios", "")
    assert len(r.out) == len(r.base_out) >= 3
    assert departure(r) == 0.0 < departure(d)
    assert (root / "shelf.py").read_text() == SHELF  # restored


def test_scenario_probes_give_no_votes_and_departure_counts_as_none_or_some() -> None:
    from fixloop.repair.agree import SCENARIOS, Probe
    from fixloop.repair.overfit import rank_plausible

    src = "def f(n):\n    return n < 2 and n % 2 == 0\n"

    def cand(new: str, score: float) -> Candidate:
        return Candidate("m.py", src.replace("n < 2 and", new), "t", new, 2, 0.5, score, src)

    fix = cand("n < 2 or", 0.7)
    m8, m10 = cand("n < 8 and", 0.2), cand("n < 10 and", 0.2)
    base = ["a", "b", "c", "d", "e"]
    outs = {
        id(fix): ["x", "y", "c", "d", "e"],  # departs on 40%
        id(m8): ["a", "z", "c", "d", "e"],  # the two mutants agree with each other
        id(m10): ["a", "z", "c", "d", "e"],
    }

    def probe(cs: list[Candidate]) -> dict[int, Probe]:
        return {id(c): Probe(SCENARIOS, outs[id(c)], ["list"] * 5, base, ["list"] * 5) for c in cs}

    flat: dict = {"tests": {}}
    ordered, _ = rank_plausible([m8, m10, fix], flat, [], lambda c: flat, probe=probe)
    assert ordered[0] is fix  # everyone departs somewhere: no evidence, the score decides
    outs[id(m10)] = list(base)  # one contender computes the original on every variant
    ordered, _ = rank_plausible([m8, m10, fix], flat, [], lambda c: flat, probe=probe)
    assert ordered[0] is m10


QUEUE = (
    "class Line:\n"
    "    def __init__(self):\n"
    "        self.waiting = []\n"
    "        self.served = []\n"
    "\n"
    "    def join(self, name):\n"
    "        self.waiting.append(name)\n"
    "\n"
    "    def serve(self):\n"
    "        name = self.waiting.pop(0)\n"
    "        self.served.append(name)\n"
    "        return name\n"
    "\n"
    "    def board(self):\n"
    "        return ', '.join(self.served)\n"
)
QUEUE_TESTS = (
    "from line import Line\n"
    "\n"
    "\n"
    "def test_everyone_is_served():\n"
    "    q = Line()\n"
    "    for name in ('ann', 'bob', 'cy'):\n"
    "        q.join(name)\n"
    "    got = [q.serve() for _ in range(3)]\n"
    "    assert len(got) == 3\n"
)


def test_value_changes_sees_a_passing_test_whose_calls_return_other_values(tmp_path: Path) -> None:
    """A reversed queue keeps every line of the passing test's path; its returns tell."""
    from fixloop.repair.agree_scenario import value_changes
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    root = tmp_path / "work"
    (root / "tests").mkdir(parents=True)
    (root / "line.py").write_text(QUEUE)
    (root / "tests" / "test_line.py").write_text(QUEUE_TESTS)

    def patch(old: str, new: str, line: int) -> Candidate:
        return Candidate("line.py", QUEUE.replace(old, new), "t", "t", line, 0.5, 0.5, QUEUE)

    reversed_queue = patch("self.waiting.pop(0)", "self.waiting.pop()", 10)
    board = patch("', '.join(self.served)", "', '.join(reversed(self.served))", 15)
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True), root, tmp_path / "e", python=sys.executable
    )
    got = value_changes(
        screener,
        [reversed_queue, board],
        wall_s=60.0,
        passing=["tests/test_line.py::test_everyone_is_served"],
    )
    assert got == {id(reversed_queue): True, id(board): False}
    assert (root / "line.py").read_text() == QUEUE  # restored


def test_a_patch_whose_run_changes_the_passing_tests_values_loses_its_checked_place() -> None:
    """Tied on the traced evidence, a run change goes first unless it changes returned values."""
    from fixloop.repair.overfit import rank_plausible

    run = Candidate("line.py", QUEUE.replace("pop(0)", "pop()"), "t", "run", 10, 0.5, 0.5, QUEUE)
    unrun = Candidate(
        "line.py",
        QUEUE.replace("join(self.served)", "join(self.served[::-1])"),
        "t",
        "unrun",
        15,
        0.5,
        0.5,
        QUEUE,
    )
    path = [["line.py", n] for n in (1, 2, 3, 4, 6, 7, 9, 10, 11, 12)]
    before = {
        "tests": {
            "t_pass": {"outcome": "passed", "lines": path},
            "t_fail": {"outcome": "failed", "lines": [*path, ["line.py", 15]]},
        }
    }
    asked: list[list[str]] = []

    def values(cs: list[Candidate]) -> dict[int, bool]:
        asked.append([c.description for c in cs])
        return {id(run): True, id(unrun): False}

    trace = lambda c: before  # noqa: E731 - same paths for both
    ordered, _ = rank_plausible([run, unrun], before, ["t_fail"], trace)
    assert ordered == [run, unrun]  # without the values: the change a passing test runs
    ordered, notes = rank_plausible([run, unrun], before, ["t_fail"], trace, values=values)
    assert ordered == [unrun, run] and sorted(asked[0]) == ["run", "unrun"]
    assert any("return other values" in n for n in notes)
    # the values are asked only when the checked place decides
    asked.clear()
    ordered, _ = rank_plausible([run], before, ["t_fail"], trace, values=values)
    assert asked == []


def test_value_changes_ignore_a_test_module_whose_values_differ_between_two_runs_of_the_original(
    tmp_path: Path,
) -> None:
    """A clock read by the passing test changes its values on every run: no evidence there."""
    from fixloop.repair.agree_scenario import value_changes
    from fixloop.repair.screen import WarmScreener
    from fixloop.sandbox import make_sandbox

    clocked = "import time\n" + QUEUE + "\n    def stamp(self):\n        return time.time_ns()\n"
    root = tmp_path / "work"
    (root / "tests").mkdir(parents=True)
    (root / "line.py").write_text(clocked)
    (root / "tests" / "test_line.py").write_text(QUEUE_TESTS + "    assert Line().stamp() > 0\n")
    reversed_queue = Candidate(
        "line.py",
        clocked.replace("self.waiting.pop(0)", "self.waiting.pop()"),
        "t",
        "t",
        11,
        0.5,
        0.5,
        clocked,
    )
    screener = WarmScreener(
        make_sandbox("none", allow_unsandboxed=True), root, tmp_path / "e", python=sys.executable
    )
    got = value_changes(
        screener,
        [reversed_queue],
        wall_s=60.0,
        passing=["tests/test_line.py::test_everyone_is_served"],
    )
    assert got == {id(reversed_queue): False}
