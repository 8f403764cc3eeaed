"""Fault localization of the repair engine: Ochiai, tracebacks, module constants, a real run."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import pytest

from fixloop.repair.localize import by_file, ochiai, rank, traceback_locations
from fixloop.repair.screen import WarmScreener
from fixloop.workspace import is_test_file as is_test_path


def test_ochiai_formula() -> None:
    assert ochiai(1, 0, 1) == 1.0
    assert ochiai(0, 5, 2) == 0.0
    assert ochiai(1, 1, 2) == pytest.approx(1 / math.sqrt(2 * 2))
    assert ochiai(2, 0, 4) == pytest.approx(2 / math.sqrt(4 * 2))
    assert ochiai(3, 0, 0) == 0.0


def test_is_test_path() -> None:
    assert is_test_path("tests/test_a.py")
    assert is_test_path("pkg/tests/helpers.py")
    assert is_test_path("a_test.py")
    assert is_test_path("conftest.py")
    assert not is_test_path("src/pkg/testing_utils.py")
    assert not is_test_path("calc.py")


def _spectrum(tests: dict[str, tuple[str, list[tuple[str, int]]]], **extra: object) -> dict:
    return {
        "tests": {
            t: {"outcome": outcome, "lines": [list(x) for x in lines], "calls": [], "frames": []}
            for t, (outcome, lines) in tests.items()
        },
        "collect_errors": [],
        **extra,
    }


def test_line_run_only_by_the_failing_test_ranks_first() -> None:
    sp = _spectrum(
        {
            "t::a": ("passed", [("m.py", 1), ("m.py", 2)]),
            "t::b": ("failed", [("m.py", 1), ("m.py", 5)]),
            "t::c": ("passed", [("m.py", 1), ("m.py", 8)]),
        }
    )
    ranked = rank(sp)
    assert (ranked[0].path, ranked[0].line) == ("m.py", 5)
    assert ranked[0].score == 1.0
    scores = {(s.path, s.line): s.score for s in ranked}
    assert scores[("m.py", 1)] < 1.0
    assert ("m.py", 2) not in scores and ("m.py", 8) not in scores  # never run by a failure


def test_innermost_traceback_frame_breaks_ties() -> None:
    sp = _spectrum({"t::b": ("failed", [("m.py", 3), ("m.py", 4), ("m.py", 9)])})
    sp["tests"]["t::b"]["frames"] = [["m.py", 9], ["m.py", 3]]  # innermost first
    ranked = rank(sp)
    assert [(s.line) for s in ranked[:2]] == [9, 3]
    assert "traceback#0" in ranked[0].reasons


def test_module_constant_used_by_a_suspicious_line_is_suspected() -> None:
    source = "RATE = {\n    'w': 5 * 7,\n}\n\n\ndef f(u):\n    return RATE[u]\n"
    sp = _spectrum({"t::x": ("failed", [("m.py", 6), ("m.py", 7)])})
    ranked = rank(sp, {"m.py": source})
    lines = {s.line: s for s in ranked}
    assert 2 in lines and any(r.startswith("global:RATE") for r in lines[2].reasons)
    assert lines[2].score < lines[7].score


def test_def_line_ranks_below_its_body() -> None:
    source = "def f(x):\n    return x + 1\n"
    sp = _spectrum({"t::x": ("failed", [("m.py", 1), ("m.py", 2)])})
    ranked = rank(sp, {"m.py": source})
    assert [s.line for s in ranked] == [2, 1]


def test_traceback_locations_native_and_pytest_forms(tmp_path: Path) -> None:
    text = (
        f'  File "{tmp_path}/pkg/mod.py", line 12, in f\n'
        '  File "/usr/lib/python3.11/json/decoder.py", line 3, in g\n'
        "tests/test_mod.py:4: in test_f\n"
        "pkg/other.py:7: ValueError\n"
    )
    assert traceback_locations(text, tmp_path) == [("pkg/mod.py", 12), ("pkg/other.py", 7)]


def test_by_file_groups_scores() -> None:
    sp = _spectrum({"t::b": ("failed", [("a.py", 1), ("b.py", 2)])})
    grouped = by_file(rank(sp))
    assert set(grouped) == {"a.py", "b.py"}
    assert grouped["a.py"] == {1: 1.0}


# --------------------------------------------------------------------------------------------
# a real traced run (unsandboxed backend: the sandbox has its own tests)
# --------------------------------------------------------------------------------------------

CALC = """\
def classify(n):
    if n < 0:
        return "negative"
    if n > 0:
        return "positive"
    return "positive"


def double(n):
    return 2 * n
"""

CALC_TESTS = """\
from calc import classify, double


def test_negative():
    assert classify(-1) == "negative"


def test_positive():
    assert classify(5) == "positive"


def test_zero():
    assert classify(0) == "zero"


def test_double():
    assert double(2) == 4
"""


@pytest.fixture
def unsandboxed():
    from fixloop.sandbox import make_sandbox

    return make_sandbox("none", allow_unsandboxed=True)


def test_traced_run_ranks_the_buggy_line_first(tmp_path: Path, unsandboxed) -> None:
    work = tmp_path / "work"
    (work / "tests").mkdir(parents=True)
    (work / "calc.py").write_text(CALC)
    (work / "tests" / "test_calc.py").write_text(CALC_TESTS)
    screener = WarmScreener(unsandboxed, work, tmp_path / "engine", python=sys.executable)
    spectrum = screener.localize(wall_s=60)
    outcomes = {t: d["outcome"] for t, d in spectrum["tests"].items()}
    assert outcomes == {
        "tests/test_calc.py::test_negative": "passed",
        "tests/test_calc.py::test_positive": "passed",
        "tests/test_calc.py::test_zero": "failed",
        "tests/test_calc.py::test_double": "passed",
    }
    assert spectrum["tests"]["tests/test_calc.py::test_zero"]["test_line"].startswith("assert")
    assert all(not is_test_path(f) for d in spectrum["tests"].values() for f, _ in d["lines"])
    ranked = rank(spectrum, {"calc.py": CALC})
    assert (ranked[0].path, ranked[0].line) == ("calc.py", 6)
    assert ranked[0].score == 1.0
    assert 10 not in {s.line for s in ranked}  # double() is never run by the failing test


def test_a_raise_of_the_projects_own_weighs_less_than_other_frames() -> None:
    source = "def f(x):\n    y = x - 1\n    if y < 0:\n        raise ValueError(y)\n    return y\n"
    sp = _spectrum({"t::x": ("failed", [("m.py", 2), ("m.py", 3), ("m.py", 4)])})
    sp["tests"]["t::x"]["frames"] = [["m.py", 4]]
    ranked = {s.line: s.score for s in rank(sp, {"m.py": source})}
    plain = {s.line: s.score for s in rank(sp)}  # without sources the raise is not recognized
    assert ranked[2] / ranked[4] > plain[2] / plain[4]  # the lines above come closer
    assert ranked[4] > ranked[2]  # still the most suspicious: it is where the failure shows
