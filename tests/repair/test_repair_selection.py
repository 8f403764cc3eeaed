"""The repair engine on large suites (issue 19): the traced run keeps the failing tests and the
passing tests near them, a traced run that writes nothing does not end the analysis, and the
screening runs the kept neighbours before the full suite and retries a test that failed once."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from fixloop.repair import RepairEngine, RepairPort
from fixloop.repair.budgets import (
    MIN_NEAR,
    rescaled_budget,
    screen_budget,
    screen_per_test,
    suite_seconds,
    trace_selection,
)
from fixloop.repair.screen_trace import (
    FAILING,
    FAR,
    IMPORTS_SUSPECT,
    NAMES_CALLEE,
    SAME_CLASS,
    SAME_FILE,
    is_failing,
    near_rank,
)
from fixloop.sandbox import make_sandbox
from fixloop.types import ExecResult, Limits, RepairBudget


def _screener(repo: Path, where: Path, wall_s: float, **kw: Any):
    """An unsandboxed warm screener of ``repo`` (its work folder ``where``, run limit ``wall_s``)."""
    from fixloop.repair.screen import WarmScreener

    return WarmScreener(
        make_sandbox("none", allow_unsandboxed=True),
        repo,
        where,
        python=sys.executable,
        limits=Limits(wall_s=wall_s),
        **kw,
    )


def _port(root: Path, tmp_path: Path, **kw: Any) -> RepairPort:
    return RepairPort(
        root=root,
        scratch_dir=tmp_path / "scratch",
        runner=make_sandbox("none", allow_unsandboxed=True),
        python=sys.executable,
        **kw,
    )


def test_trace_selection_follows_the_baselines_cost() -> None:
    def port(seconds: float, tests: int, failing: tuple[str, ...] = ("t::a",)) -> RepairPort:
        return RepairPort(
            root=Path("."),
            scratch_dir=Path("."),
            runner=None,  # type: ignore[arg-type]
            python="python",
            baseline_failing=failing,
            baseline_seconds=seconds,
            baseline_tests=tests,
        )

    b = RepairBudget()
    assert trace_selection(port(10.0, 100)) is None  # 3 x 10 s fits in 90 s: every test
    assert trace_selection(port(0.0, 100)) is None  # unknown cost: every test
    assert trace_selection(port(500.0, 100, failing=())) is None  # nothing failing to be near
    # 173 s for 765 tests (more-itertools): 90 s at 3 x 0.226 s a test
    assert trace_selection(port(173.0, 765)) == int(b.trace_s / (b.trace_factor * 173.0 / 765))
    assert trace_selection(port(1000.0, 100)) == MIN_NEAR  # slow tests: at least a few
    # the full suite's cost for the screening budgets is the baseline's when the trace was partial
    assert (
        suite_seconds({"seconds": 40.0, "tests": {}, "selected": {"t::a": 0}}, None, 173.0) == 173.0
    )
    assert suite_seconds({"seconds": 40.0, "tests": {}}, None, 173.0) == 40.0


def test_after_a_selective_trace_the_screening_limits_come_from_the_baseline() -> None:
    port = RepairPort(
        root=Path("."),
        scratch_dir=Path("."),
        runner=None,  # type: ignore[arg-type]
        python="python",
        per_test_s=40.0,
        baseline_seconds=110.0,
    )
    spec = {
        "seconds": 27.0,
        "tests": {"t::a": {"outcome": "failed", "seconds": 0.1}, "t::b": {"seconds": 0.5}},
    }
    b = RepairBudget()
    assert screen_per_test(port, spec) == b.test_factor * 0.5  # the slowest traced test
    assert screen_budget(port, spec, ["t::a"], None, 2) == b.candidates * 0.4 / 2 + 2 * 27.0
    selective = {**spec, "selected": {"t::a": 0, "t::b": 3}}
    # a test outside the selection may be slower: the run's own per-test limit
    assert screen_per_test(port, selective) == 40.0
    # two full suites at the baseline's seconds, not the traced selection's
    assert screen_budget(port, selective, ["t::a"], None, 2) == b.candidates * 0.4 / 2 + 2 * 110.0


def test_the_budget_is_sized_again_by_the_measured_cost_of_a_candidate() -> None:
    port = RepairPort(root=Path("."), scratch_dir=Path("."), runner=None, python="python")  # type: ignore[arg-type]
    b = RepairBudget()
    # a loaded machine: 1.2 s a candidate (one reached the full suite: 30 s), 2 workers
    got = rescaled_budget(port, [1.1, 1.2, 1.3, 30.0, 1.2], 20.0, 2)
    assert got == b.candidates * 1.2 / 2 + 2 * 20.0
    assert rescaled_budget(port, [9.0], 20.0, 1) == b.max_s + 2 * 20.0  # capped
    # a long suite does not eat the candidates' share of the cap (arrow 1.3.0: 125 s suites)
    assert rescaled_budget(port, [9.0], 125.0, 1) == b.max_s + 2 * 125.0
    assert rescaled_budget(port, [], 20.0, 2) == b.min_s  # nothing measured


def test_near_rank_orders_the_neighbours() -> None:
    failing = ["tests/test_m.py::NthTests::test_basic", "tests/test_p.py::test_x[1 MB]"]
    assert is_failing("tests/test_p.py::test_x[1 MB]", set(failing))
    assert is_failing("tests/test_m.py::NthTests::test_basic", {failing[0] + " [subtest]"})
    assert not is_failing("tests/test_m.py::NthTests::test_bas", set(failing))
    assert near_rank(failing[0], failing) == FAILING
    assert near_rank("tests/test_m.py::NthTests::test_other", failing) == SAME_CLASS
    assert near_rank("tests/test_m.py::Other::test_a", failing, names=True) == NAMES_CALLEE
    assert near_rank("tests/test_m.py::Other::test_a", failing) == SAME_FILE
    assert near_rank("tests/test_p.py::test_y", failing) == SAME_FILE
    assert near_rank("tests/test_q.py::test_z", failing, imports_suspect=True) == IMPORTS_SUSPECT
    assert near_rank("tests/test_q.py::test_z", failing) == FAR


def _many_tests_repo() -> dict[str, str]:
    """A project with a bug in ``nth``, its tests in one class, and many tests elsewhere."""
    far = "".join(
        f"def test_far_{i}():\n    assert other.double({i}) == {2 * i}\n\n\n" for i in range(40)
    )
    return {
        "pkg/__init__.py": "",
        "pkg/core.py": (
            "def nth(xs, n):\n    return xs[n - 1]\n\n\ndef first(xs):\n    return xs[0]\n"
        ),
        "pkg/other.py": "def double(x):\n    return 2 * x\n",
        "tests/__init__.py": "",
        "tests/test_core.py": (
            "import unittest\n\n"
            "from pkg.core import first, nth\n\n\n"
            "class NthTests(unittest.TestCase):\n"
            "    def test_basic(self):\n"
            "        self.assertEqual(nth([1, 2, 3], 1), 2)\n\n"
            "    def test_zero(self):\n"
            "        self.assertRaises(TypeError, nth, [1], 'a')\n\n\n"
            "class FirstTests(unittest.TestCase):\n"
            "    def test_first(self):\n"
            "        self.assertEqual(first([4]), 4)\n\n"
            "    def test_uses_nth(self):\n"
            "        self.assertRaises(IndexError, nth, [], 0)\n"
        ),
        "tests/test_other.py": "from pkg import other\n\n\n" + far,
    }


def test_a_large_suite_is_traced_near_the_failing_tests(make_repo, tmp_path) -> None:
    repo = make_repo(_many_tests_repo())
    failing = "tests/test_core.py::NthTests::test_basic"
    # the baseline says the suite is slow: 44 tests in 600 s, 3 x 13.6 s each
    port = _port(
        repo,
        tmp_path,
        limits=Limits(wall_s=120),
        per_test_s=5.0,
        baseline_failing=(failing,),
        baseline_seconds=600.0,
        baseline_tests=44,
        baseline_output="tests/test_core.py:8: in test_basic\npkg/core.py:2: IndexError",
    )
    assert trace_selection(port) == MIN_NEAR
    an = RepairEngine(max_candidates=60).analyze(port)
    assert an.failing == [failing]
    assert any(n.startswith("traced ") and "tests near the failing ones" in n for n in an.notes)
    assert an.suspects and an.suspects[0].path == "pkg/core.py"
    assert any("xs[n]" in c.new_source for c in an.plausible), [
        (t.candidate.description, t.result.status) for t in an.tried
    ][:10]


def test_the_selective_spectrum_keeps_the_nearest_tests(make_repo, tmp_path) -> None:
    repo = make_repo(_many_tests_repo())
    failing = "tests/test_core.py::NthTests::test_basic"
    screener = _screener(repo, tmp_path / "engine", 60)
    spec = screener.localize(
        wall_s=60, failing=[failing], near=3, suspects=["pkg/core.py"], budget_s=60
    )
    sel = spec["selected"]
    assert sel[failing] == FAILING
    assert sel["tests/test_core.py::NthTests::test_zero"] == SAME_CLASS
    assert sel["tests/test_core.py::FirstTests::test_uses_nth"] == NAMES_CALLEE
    assert len(sel) == 4 and spec["dropped"] == 40  # 3 near + the failing one of 44
    assert set(spec["tests"]) == set(sel)  # only the kept tests ran
    assert spec["tests"][failing]["outcome"] == "failed"
    # a later traced run (the overfit judge's, with a patch) repeats the same tests, in order
    again = screener.localize(wall_s=60)
    assert list(again["tests"]) == list(spec["tests"]) and again["dropped"] == 40
    # a screener that made no selective run traces the whole suite
    fresh = _screener(repo, tmp_path / "engine2", 60)
    full = fresh.localize(wall_s=60)
    assert len(full["tests"]) == 44 and full["selected"] == {}


def test_a_slow_neighbour_is_stopped_and_left_out(make_repo, tmp_path) -> None:
    files = _many_tests_repo()
    files["tests/test_core.py"] += (
        "\n    def test_slow_nth(self):\n"
        "        import time\n\n"
        "        time.sleep(30)\n"
        "        self.assertEqual(nth([1], 1), 1)\n"
    )
    repo = make_repo(files)
    failing = "tests/test_core.py::NthTests::test_basic"
    screener = _screener(repo, tmp_path / "engine", 120)
    spec = screener.localize(
        wall_s=120, per_test_s=60, failing=[failing], near=5, budget_s=60, near_limit_s=1.0
    )
    slow = "tests/test_core.py::FirstTests::test_slow_nth"
    assert slow in spec["selected"] and spec["cut"] == [slow]
    assert slow not in spec["tests"] and spec["hung"] == []  # no evidence, not a failure
    assert spec["tests"][failing]["outcome"] == "failed"


def test_a_traced_run_that_writes_nothing_falls_back_on_the_baseline(make_repo, tmp_path) -> None:
    repo = make_repo(_many_tests_repo())
    failing = "tests/test_core.py::NthTests::test_basic"
    real = make_sandbox("none", allow_unsandboxed=True)

    class KillsTheTrace:
        """Runs commands, except the traced run, which it 'kills' at its limit."""

        def run(self, argv, **kw):  # type: ignore[no-untyped-def]
            job = Path(argv[-1]).read_text()
            if '"mode": "localize"' in job:
                return ExecResult(returncode=None, output="killed", timed_out=True)
            return real.run(argv, **kw)

    port = RepairPort(
        root=repo,
        scratch_dir=tmp_path / "scratch",
        runner=KillsTheTrace(),
        python=sys.executable,
        baseline_failing=(failing,),
        baseline_seconds=2.0,
        baseline_tests=44,
        baseline_output=(
            f"{repo}/pkg/core.py:2: IndexError\nFAILED {failing} - IndexError: list index"
        ),
    )
    an = RepairEngine(max_candidates=60).analyze(port)
    assert an.failing == [failing]
    assert any("the traced run wrote no result" in n for n in an.notes)
    assert [(s.path, s.line) for s in an.suspects][:1] == [("pkg/core.py", 2)]
    assert any("xs[n]" in c.new_source for c in an.plausible)


def test_a_test_that_fails_once_does_not_sink_the_right_candidate(make_repo, tmp_path) -> None:
    # a test that fails on every other run (a benchmark under load), beside the real bug
    marker = tmp_path / "flaky-count"
    repo = make_repo(
        {
            "calc.py": "def add(a, b):\n    return a - b\n",
            "tests/test_calc.py": (
                "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"
            ),
            "tests/test_flaky.py": (
                "from pathlib import Path\n\n\n"
                "def test_sometimes():\n"
                f"    p = Path({str(marker)!r})\n"
                "    n = int(p.read_text()) if p.exists() else 0\n"
                "    p.write_text(str(n + 1))\n"
                "    assert n != 1\n"
            ),
        }
    )
    port = _port(repo, tmp_path, per_test_s=5.0)
    an = RepairEngine(max_candidates=30, extra_candidates=0, max_plausible=1).analyze(port)
    # the traced run passes it (0), the first full run fails it (1), the retry and the full
    # run after it pass (2, 3)
    seen = [(t.candidate.description, t.result.status, t.result.suite_failed) for t in an.tried]
    assert any("a + b" in c.new_source for c in an.plausible), seen
    assert not any(t.result.status == "breaks_suite" for t in an.tried), seen
    assert int(marker.read_text()) >= 4, seen


def test_the_retry_of_a_failed_full_run_has_no_per_test_limit(make_repo, tmp_path) -> None:
    # a passing test slower than the screening's tight per-test limit (a benchmark on a loaded
    # machine): stopped in the full run, it passes in the retry, and the candidate is plausible
    from fixloop.repair.candidate import Candidate

    repo = make_repo(
        {
            "calc.py": "def add(a, b):\n    return a - b\n",
            "tests/test_calc.py": (
                "import time\n\nfrom calc import add\n\n\n"
                "def test_add():\n    assert add(2, 3) == 5\n\n\n"
                "def test_slow():\n    time.sleep(1.5)\n"
            ),
        }
    )
    screener = _screener(repo, tmp_path / "engine", 60, workers=1)
    old = (repo / "calc.py").read_text()
    cand = Candidate("calc.py", old.replace("a - b", "a + b"), "binop", "- -> +", 2, 1.0, 1.0, old)
    (res,) = screener.screen(
        [cand],
        ["tests/test_calc.py::test_add"],
        deadline_s=60,
        max_candidates=1,
        timeout_failing_s=30,
        timeout_full_s=30,
        per_test_s=0.5,
    )
    assert res.status == "plausible", res
