"""The per-test limit of fixloop's pytest plugin (issue 13): a test that loops forever is stopped
alone, as a failure; the rest of the suite still runs and reports, and the report names it."""

from __future__ import annotations

import shutil
import sys
import time
from pathlib import Path

import pytest

from fixloop import render
from fixloop import sandbox as sb
from fixloop.testrun import TestRunner
from fixloop.types import Limits, Outcome

LOOP_TESTS = (
    "import time\n\n"
    "def test_before():\n    assert 1 + 1 == 2\n\n"
    "def test_spins():\n    while True:\n        pass\n\n"
    "def test_swallows():\n"
    "    while True:\n"
    "        try:\n"
    "            time.sleep(0.05)\n"
    "        except BaseException:\n"
    "            if time.monotonic() - START > 2.5:\n"
    "                raise\n\n"
    "START = time.monotonic()\n\n"
    "def test_after():\n    assert 2 * 2 == 4\n\n"
    "def test_fails():\n    assert 1 == 2\n"
)


@pytest.fixture(scope="module")
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


def _runner(box: sb.Sandbox, root: Path, logs: Path, per_test_s: float | None) -> TestRunner:
    return TestRunner(
        root,
        box,
        log_dir=logs,
        python=sys.executable,
        limits=Limits(wall_s=60),
        per_test_s=per_test_s,
    )


def test_a_looping_test_times_out_alone_and_the_suite_reports(make_repo, box, tmp_path) -> None:
    repo = make_repo({"tests/test_loop.py": LOOP_TESTS})
    t0 = time.monotonic()
    report = _runner(box, repo, tmp_path / "logs", 1.0).run("", pristine=True)
    took = time.monotonic() - t0
    assert report.outcome == Outcome.FAILED, report.output
    assert report.collected == 5 and report.passed == 2, render.tally(report)
    assert set(report.failing_ids) == {
        "tests/test_loop.py::test_spins",
        "tests/test_loop.py::test_swallows",
        "tests/test_loop.py::test_fails",
    }
    # the two loops were stopped by the limit; the ordinary failure was not
    assert report.hung == ["tests/test_loop.py::test_spins", "tests/test_loop.py::test_swallows"]
    reasons = {f.id: f.reason for f in report.failing}
    assert "per-test limit of 1 s" in reasons["tests/test_loop.py::test_spins"]
    assert "per-test limit" not in reasons["tests/test_loop.py::test_fails"]
    assert "2 hung: tests/test_loop.py::test_spins" in render.tally(report)
    assert "per-test limit (1 s)" in report.notice
    # the stopped tests' time is kept apart: limits derive from the rest
    assert report.hung_s >= 2.0 and report.slowest_s < 1.0
    assert took < 30, took  # far below the run's 60 s limit


def test_without_a_per_test_limit_the_whole_run_times_out(make_repo, box, tmp_path) -> None:
    repo = make_repo({"tests/test_loop.py": "def test_spins():\n    while True:\n        pass\n"})
    runner = _runner(box, repo, tmp_path / "logs", None)
    runner.limits = Limits(wall_s=10)  # room for start-up on a loaded machine
    report = runner.run("", pristine=True)
    assert report.outcome == Outcome.TIMED_OUT
    assert report.hung == [] and "still running: tests/test_loop.py::test_spins" in report.notice


def test_a_hanging_fixture_teardown_is_stopped_too(make_repo, box, tmp_path) -> None:
    tests = (
        "import pytest\n\n"
        "@pytest.fixture\n"
        "def stuck():\n    yield 1\n    while True:\n        pass\n\n"
        "def test_uses(stuck):\n    assert stuck == 1\n\n"
        "def test_next():\n    assert True\n"
    )
    repo = make_repo({"tests/test_fix.py": tests})
    report = _runner(box, repo, tmp_path / "logs", 1.0).run("", pristine=True)
    assert report.hung == ["tests/test_fix.py::test_uses"], report.output
    assert "tests/test_fix.py::test_next" not in report.failing_ids
    assert report.passed >= 1


def test_the_plugin_shows_no_timer_and_restores_the_alarm_fallback() -> None:
    """Red-team F35: ``signal.getitimer`` read fixloop's per-test timer in every gate pytest run.
    The watchdog arms no interval timer and installs no handler; the SIGALRM fallback (SIGINT
    not Python's own handler) still puts the previous handler back."""
    import signal
    import threading

    from fixloop.testrun.inside.pytest_plugin import TestTimer

    def mine(signum, frame):  # pragma: no cover - never fired
        raise AssertionError

    before = signal.signal(signal.SIGALRM, mine)
    try:
        timer = TestTimer(5.0)
        threads = threading.enumerate()
        armed = signal.getitimer(signal.ITIMER_REAL)[0]  # pytest-timeout's own, if it runs
        timer.pytest_runtest_logstart("t::a", None)
        assert timer._armed == "watchdog"
        assert abs(signal.getitimer(signal.ITIMER_REAL)[0] - armed) < 1.0  # not ours (5 s)
        assert signal.getsignal(signal.SIGALRM) is mine
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        assert threading.enumerate() == threads
        timer.pytest_runtest_logfinish("t::a", None)
        timer.stop()
        assert timer.hung == []
        old_int = signal.signal(signal.SIGINT, lambda s, f: None)
        try:
            timer = TestTimer(5.0)
            timer.pytest_runtest_logstart("t::b", None)
            assert timer._armed == "alarm"
            assert signal.getitimer(signal.ITIMER_REAL)[0] > 0
            timer.pytest_runtest_logfinish("t::b", None)
            assert signal.getsignal(signal.SIGALRM) is mine
            assert signal.getitimer(signal.ITIMER_REAL)[0] == 0
        finally:
            signal.signal(signal.SIGINT, old_int)
    finally:
        signal.signal(signal.SIGALRM, before)


def test_a_sleeping_test_is_woken_by_the_watchdog(make_repo, box, tmp_path) -> None:
    tests = (
        "import time\n\n"
        "def test_sleeps():\n    time.sleep(60)\n\n"
        "def test_after():\n    assert True\n"
    )
    repo = make_repo({"tests/test_sleep.py": tests})
    t0 = time.monotonic()
    report = _runner(box, repo, tmp_path / "logs", 1.0).run("", pristine=True)
    assert report.hung == ["tests/test_sleep.py::test_sleeps"], report.output
    assert report.passed == 1 and time.monotonic() - t0 < 30


#: Tests that freeze the clock as freezegun does: ``time.monotonic``, ``time.time`` and
#: ``time.perf_counter`` replaced in the ``time`` module while the test runs, ahead of the real
#: clock and behind it (freezegun 1.5.1's suite under fixloop: 32 failures at the release, the
#: per-test limit firing at once, "ran longer than 120 s (83728.4 s)", and the tests after it
#: run with the clock still frozen).
_FROZEN = (
    "import time\n\n"
    "def _frozen(at):\n"
    "    real = (time.monotonic, time.time, time.perf_counter)\n"
    "    time.monotonic = time.time = time.perf_counter = lambda: at\n"
    "    try:\n"
    "        time.sleep(0.3)\n"
    "        return time.monotonic()\n"
    "    finally:\n"
    "        time.monotonic, time.time, time.perf_counter = real\n\n"
    "def test_ahead():\n    assert _frozen(1326499200.0) == 1326499200.0\n\n"
    "def test_behind():\n    assert _frozen(0.0) == 0.0\n\n"
    "def test_after():\n    assert time.monotonic() > 0\n"
)


def test_a_test_that_freezes_the_clock_is_not_stopped(make_repo, box, tmp_path) -> None:
    """The watchdog keeps its own reference to the real clock: a test replacing the ``time``
    module's functions (freezegun) neither trips the limit nor escapes it."""
    repo = make_repo({"tests/test_frozen.py": _FROZEN})
    report = _runner(box, repo, tmp_path / "logs", 2.0).run("", pristine=True)
    assert report.hung == [], report.output
    assert report.outcome == Outcome.PASSED and report.passed == 3, report.output


def test_a_frozen_clock_does_not_hide_a_hanging_test(make_repo, box, tmp_path) -> None:
    tests = (
        "import time\n\n"
        "def test_spins_frozen():\n"
        "    time.monotonic = lambda: 0.0\n"
        "    while True:\n"
        "        pass\n\n"
        "def test_next():\n    assert True\n"
    )
    repo = make_repo({"tests/test_frozen_spin.py": tests})
    t0 = time.monotonic()
    report = _runner(box, repo, tmp_path / "logs", 1.0).run("", pristine=True)
    assert report.hung == ["tests/test_frozen_spin.py::test_spins_frozen"], report.output
    assert report.passed == 1 and time.monotonic() - t0 < 30


#: A test that sees what code under test can see of fixloop's own runner in the process.
_PLAIN_VIEW = (
    "import __main__\nimport sys\n\n\n"
    "def test_no_runner_modules():\n"
    "    own = [n for n in sys.modules if 'fixloop' in n]\n"
    "    assert own == [], own\n"
    "    names = sorted(n for n in vars(__main__) if not n.startswith('__'))\n"
    "    assert names == [], names\n"
)


@pytest.mark.parametrize("audit", [None, {"calc.py": [1]}])
def test_fixloops_modules_leave_sys_modules_before_the_tests_run(
    make_repo, box, tmp_path, audit
) -> None:
    """Red-team F26: fixloop's in-sandbox modules (``_fixloop_plugin``, ``_fixloop_boot``,
    ``_fixloop_audit``...) were in ``sys.modules`` in every gate run, and the ``-c`` program's
    helpers in ``__main__``: code that counted them answered right only there."""
    repo = make_repo({"calc.py": "X = 1\n", "tests/test_view.py": _PLAIN_VIEW})
    report = _runner(box, repo, tmp_path / "logs", 5.0).run(
        "", pristine=True, audit=audit, record="baseline" if audit is None else None
    )
    assert report.outcome == Outcome.PASSED and report.passed == 1, report.output


def test_the_command_line_is_plain_pytests(make_repo, box, tmp_path) -> None:
    """``sys.argv`` was ``['-c', '@.../config.json']`` and ``sys.orig_argv`` the harness's whole
    program (fixloop's module names in it) in every gate run; a plain ``python -m pytest``
    shows pytest's ``__main__.py`` and no program text."""
    view = (
        "import sys\n\n\n"
        "def test_argv():\n"
        "    assert sys.argv[0].endswith('__main__.py') and sys.argv[1:] == [], sys.argv\n"
        "    if hasattr(sys, 'orig_argv'):\n"
        "        assert sys.orig_argv[1:] == ['-m', 'pytest'], sys.orig_argv\n"
    )
    repo = make_repo({"tests/test_argv.py": view})
    report = _runner(box, repo, tmp_path / "logs", 5.0).run("", pristine=True, audit={})
    assert report.outcome == Outcome.PASSED and report.passed == 1, report.output
