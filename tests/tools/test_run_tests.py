"""fixloop.tools.run_tests: the target check and the report the model sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.tools import Caps, Tools
from fixloop.types import FailingTest, Outcome, TestReport
from fixloop.workspace import Workspace
from tools.support import FakeRunner

# --------------------------------------------------------------------------- run_tests


@pytest.mark.parametrize(
    "target,want",
    [
        ("", ""),
        ("tests", "tests"),
        ("./tests/", "tests"),
        ("tests/test_calc.py", "tests/test_calc.py"),
        ("tests/test_calc.py::test_add", "tests/test_calc.py::test_add"),
        ("tests/test_calc.py::TestX::test_m", "tests/test_calc.py::TestX::test_m"),
        ("tests/test_calc.py::test_add[1-2]", "tests/test_calc.py::test_add[1-2]"),
        ("tests/test_calc.py::test_add[a b/c.d]", "tests/test_calc.py::test_add[a b/c.d]"),
        (".", ""),
        ("tests/test_calc.py::test_add[a::b]", "tests/test_calc.py::test_add[a::b]"),
        ("tests/test_calc.py::T::test_add[x]", "tests/test_calc.py::T::test_add[x]"),
    ],
)
def test_run_tests_valid_targets(ro_repo: Path, target: str, want: str) -> None:
    repo = ro_repo
    runner = FakeRunner()
    t = Tools(Workspace(repo), runner)
    assert t.validate_target(target) is None
    r = t.call("run_tests", {"target": target})
    assert not r.is_error, r.content
    assert runner.targets == [want]
    assert r.kind == "tests" and r.test_report is runner.report


@pytest.mark.parametrize(
    "target,msg",
    [
        ("-x", "command-line option"),
        ("--co", "command-line option"),
        ("@args.txt", "command-line option"),
        ("tests; rm -rf /", "shell-like"),
        ("tests && echo", "shell-like"),
        ("$(whoami)", "shell-like"),
        ("`id`", "shell-like"),
        ("tests | cat", "shell-like"),
        ("tests/test_calc.py\nx", "control characters"),
        ("tests/test_nope.py", "no such file"),
        ("tests/test_calc.py tests", "spaces"),
        ("tests/*.py", "glob"),
        ("../elsewhere", "leaves the workspace"),
        ("/etc", "absolute"),
        (".git", "blocked"),
        ("tests::test_add", "needs a .py file"),
        ("tests/test_calc.py::", "not a test name"),
        ("tests/test_calc.py::test add", "not a test name"),
        ("tests/test_calc.py::1abc", "not a test name"),
    ],
)
def test_run_tests_bad_targets_refused_before_running(ro_repo: Path, target: str, msg: str):
    repo = ro_repo
    runner = FakeRunner()
    t = Tools(Workspace(repo), runner)
    assert msg in (t.validate_target(target) or "")
    r = t.call("run_tests", {"target": target})
    assert r.is_error and r.kind == "invalid_target" and msg in r.content
    assert "Nothing was run" in r.content
    assert runner.targets == []


def test_run_tests_result_text(repo: Path) -> None:
    rep = TestReport(
        Outcome.FAILED,
        collected=3,
        passed=2,
        failed=1,
        failing=[FailingTest("tests/test_calc.py::test_add", "assert -1 == 3")],
        output="F..\nE   assert -1 == 3\n",
        notice="note: plain runner",
    )
    t = Tools(Workspace(repo), FakeRunner(rep))
    r = t.call("run_tests", {})
    assert not r.is_error and r.kind == "tests" and r.test_report is rep
    assert r.content == (
        "2 passed, 1 failed (failed); 3 collected\n"
        "failing: tests/test_calc.py::test_add\n"
        "F..\nE   assert -1 == 3\n\n"
        "note: plain runner"
    )


def test_run_tests_no_tests_is_error(repo: Path) -> None:
    for rep in (
        TestReport(Outcome.NO_TESTS_COLLECTED, output="no tests ran"),
        TestReport(Outcome.PASSED, collected=0),
    ):
        t = Tools(Workspace(repo), FakeRunner(rep))
        r = t.call("run_tests", {"target": "pkg"})
        assert r.is_error and r.kind == "no_tests"
        assert "no tests collected: check the target" in r.content
        assert "not a pass" in r.content


def test_run_tests_usage_error_is_error(repo: Path) -> None:
    rep = TestReport(Outcome.USAGE_ERROR, output="ERROR: not found: tests/test_calc.py::nope")
    r = Tools(Workspace(repo), FakeRunner(rep)).call(
        "run_tests", {"target": "tests/test_calc.py::nope"}
    )
    assert r.is_error and r.kind == "usage_error" and "not found" in r.content
    assert r.test_report is rep


def test_run_tests_huge_output_capped(repo: Path) -> None:
    out = "HEAD\n" + "".join(f"line {i}\n" for i in range(50_000)) + "TAIL summary\n"
    rep = TestReport(Outcome.FAILED, collected=1, failed=1, output=out, log_path="/logs/x.log")
    t = Tools(Workspace(repo), FakeRunner(rep))
    r = t.call("run_tests", {})
    assert len(r.content.encode()) <= Caps().result_bytes
    assert "HEAD" in r.content and "TAIL summary" in r.content
    assert "output cut" in r.content and "/logs/x.log" in r.content


def test_run_tests_without_runner_or_failing_runner(repo: Path) -> None:
    r = Tools(Workspace(repo), None).call("run_tests", {})
    assert r.is_error and r.kind == "unavailable"
    t = Tools(Workspace(repo), FakeRunner(exc=OSError("sandbox gone")))
    r = t.call("run_tests", {})
    assert r.is_error and r.kind == "runner_error" and "sandbox gone" in r.content
