"""Tests of fixloop.testrun.warm: the model's warm runs equal cold ones, restart on changes,
leak nothing between runs, fall back to cold runs with one notice, and never serve the gate."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.testrun.warm import WarmRunner, warm_fingerprint
from fixloop.types import Limits, Outcome

CALC = "STATE = []\n\ndef add(a, b):\n    STATE.append((a, b))\n    return a - b\n"
CALC_TESTS = (
    "import sys\n\nimport calc\n\n"
    "def test_one_call_so_far():  # runs first: the module is fresh in every run\n"
    "    calc.add(0, 0)\n"
    "    assert len(calc.STATE) == 1, calc.STATE\n\n"
    "def test_add():\n    assert calc.add(2, 3) == 5\n\n"
    "def test_interpreter_is_fresh():\n"
    "    sys.fixloop_marker = getattr(sys, 'fixloop_marker', 0) + 1\n"
    "    assert sys.fixloop_marker == 1\n"
)


@pytest.fixture(scope="module")
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


@pytest.fixture
def calc_repo(make_repo) -> Path:
    return make_repo({"calc.py": CALC, "tests/test_calc.py": CALC_TESTS})


@pytest.fixture
def runner_for(box, tmp_path):
    def _make(root: Path, **kw) -> TestRunner:
        kw.setdefault("limits", Limits(wall_s=60))
        return TestRunner(
            root, box, log_dir=tmp_path / "logs", python=sys.executable, writable=True, **kw
        )

    return _make


def _shape(report) -> tuple:
    return (report.outcome, report.collected, report.passed, report.failed, report.failing_ids)


def test_warm_result_equals_cold_and_nothing_leaks(calc_repo, runner_for):
    runner = runner_for(calc_repo)
    notices: list[str] = []
    warm = WarmRunner(runner, notice=notices.append, enabled=True)
    try:
        first = warm.run("")
        second = warm.run("")  # module state of calc and of the interpreter: fresh again
        one = warm.run("tests/test_calc.py::test_add")
        assert runner.last_report is one  # what the repair model reads after its run_tests call
    finally:
        warm.close()
    cold = runner.run("")
    assert (warm.warm_runs, warm.cold_runs, warm.starts, notices) == (3, 0, 1, [])
    assert _shape(first) == _shape(cold) == _shape(second)
    assert first.outcome == Outcome.FAILED
    assert first.failing_ids == ["tests/test_calc.py::test_add"]
    assert (first.passed, first.collected) == (2, 3)
    assert _shape(one) == (Outcome.FAILED, 1, 0, 1, ["tests/test_calc.py::test_add"])
    assert "assert -1 == 5" in first.output  # pytest's assertion rewriting works in the child
    # installed plugins were loaded in the server through pytest's rewriting hook, as cold
    assert "already imported" not in first.output


def test_server_never_imports_the_project(calc_repo, runner_for):
    (calc_repo / "calc.py").write_text(
        CALC + "import os\nopen(os.path.join(os.path.dirname(__file__), 'imports.log'), 'a')"
        ".write('x')\n"
    )
    warm = WarmRunner(runner_for(calc_repo), enabled=True)
    try:
        warm.run("")
        assert (calc_repo / "imports.log").read_text() == "x"  # the child's import only
        warm.run("")
        assert (calc_repo / "imports.log").read_text() == "xx"  # imported again, fresh
        assert warm.warm_runs == 2
    finally:
        warm.close()


def test_conftest_and_config_changes_restart_the_server(calc_repo, runner_for):
    warm = WarmRunner(runner_for(calc_repo), enabled=True)
    try:
        warm.run("")
        (calc_repo / "tests" / "conftest.py").write_text(
            "import pytest\n\n@pytest.fixture\ndef forty_two():\n    return 42\n"
        )
        (calc_repo / "tests" / "test_fixture.py").write_text(
            "def test_fixture(forty_two):\n    assert forty_two == 42\n"
        )
        report = warm.run("tests/test_fixture.py")
        assert (warm.restarts, report.outcome, report.passed) == (1, Outcome.PASSED, 1)
        warm.run("tests/test_fixture.py")
        assert warm.restarts == 1  # nothing changed: the same server
        (calc_repo / "pytest.ini").write_text("[pytest]\nmarkers =\n    slow: slow tests\n")
        warm.run("tests/test_fixture.py")
        assert (warm.restarts, warm.starts, warm.warm_runs) == (2, 3, 4)
    finally:
        warm.close()


def test_fingerprint_sees_config_conftest_and_site_folders(tmp_path):
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    (root / "pkg").mkdir()
    site = tmp_path / "site"
    site.mkdir()
    base = warm_fingerprint(root, [str(site)])
    (root / "pkg" / "conftest.py").write_text("")
    after_conftest = warm_fingerprint(root, [str(site)])
    assert after_conftest != base
    (root / "tox.ini").write_text("[pytest]\n")
    after_tox = warm_fingerprint(root, [str(site)])
    assert after_tox != after_conftest
    (site / "newpkg-1.0.dist-info").mkdir()  # an installed package changes its folder
    assert warm_fingerprint(root, [str(site)]) != after_tox
    assert warm_fingerprint(root, [str(site)]) == warm_fingerprint(root, [str(site)])


def test_tree_with_its_own_pytest_runs_cold_with_one_notice(calc_repo, runner_for):
    (calc_repo / "pluggy.py").write_text("raise ImportError('not the real pluggy')\n")
    runner = runner_for(calc_repo)
    notices: list[str] = []
    warm = WarmRunner(runner, notice=notices.append, enabled=True)
    first = warm.run("tests/test_calc.py::test_add")
    second = warm.run("tests/test_calc.py::test_add")
    assert (warm.warm_runs, warm.cold_runs, warm.starts) == (0, 2, 0)
    assert len(notices) == 1 and "its own pluggy" in notices[0]
    assert first.outcome == second.outcome  # the cold runner's own results


def test_tests_that_crash_when_forked_fall_back_to_cold(calc_repo, runner_for):
    # a conftest that kills its own process when its parent is the warm server
    (calc_repo / "conftest.py").write_text(
        "import os, signal\n"
        "with open(f'/proc/{os.getppid()}/cmdline', 'rb') as fh:\n"
        "    if b'_fixloop_warm' in fh.read():\n"
        "        os.kill(os.getpid(), signal.SIGSEGV)\n"
    )
    runner = runner_for(calc_repo)
    notices: list[str] = []
    warm = WarmRunner(runner, notice=notices.append, enabled=True)
    try:
        report = warm.run("")
        again = warm.run("")
    finally:
        warm.close()
    assert report.outcome == Outcome.FAILED  # the cold run's result, not the crash
    assert report.failing_ids == ["tests/test_calc.py::test_add"]
    assert _shape(again) == _shape(report)
    assert (warm.warm_runs, warm.cold_runs) == (0, 2)
    assert len(notices) == 1 and "crashed (signal 11) when forked" in notices[0]


def test_gate_runs_and_other_trees_are_always_cold(calc_repo, runner_for, tmp_path):
    runner = runner_for(calc_repo)
    warm = WarmRunner(runner, enabled=True)
    try:
        pristine = warm.run("", pristine=True)
        watched = warm.run("", audit={"calc.py": [5]})
        other = warm.run("", root=calc_repo)
        assert (warm.warm_runs, warm.cold_runs, warm.starts) == (0, 3, 0)
        assert pristine.outcome == watched.outcome == other.outcome == Outcome.FAILED
        assert watched.audit is not None  # the cold runner's watch ran
    finally:
        warm.close()


def test_env_switch_turns_warm_runs_off(calc_repo, runner_for, monkeypatch):
    monkeypatch.setenv("FIXLOOP_WARM_RUNS", "0")
    notices: list[str] = []
    warm = WarmRunner(runner_for(calc_repo), notice=notices.append)
    warm.run("")
    assert (warm.warm_runs, warm.cold_runs, notices) == (0, 1, [])
    assert warm.fallback is not None and "FIXLOOP_WARM_RUNS" in warm.fallback
