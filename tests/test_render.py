"""The one renderer: the pieces say a report the same way for every audience."""

from __future__ import annotations

import io

from rich.console import Console

from fixloop import render
from fixloop.display import LiveDisplay
from fixloop.types import Counters, FailingTest, Outcome, RunResult, RunStatus, TestReport

REPORT = TestReport(
    Outcome.FAILED,
    collected=9,
    passed=5,
    failed=3,
    errors=1,
    skipped=2,
    failing=[FailingTest(f"tests/test_a.py::test_{i}", "assert 1 == 2") for i in range(4)],
    output="E   assert 1 == 2\n" * 3,
    log_path="/logs/run.log",
    notice="pytest not found: plain runner",
    collection_errors=["tests/test_b.py:3: SyntaxError: invalid syntax"],
)


def test_tally_is_the_same_for_a_report_and_its_event_dict() -> None:
    want = "5 passed, 3 failed, 1 errors, 2 skipped (failed)"
    assert render.tally(REPORT) == want
    assert render.tally(REPORT.to_dict()) == want
    assert render.tally({"passed": 1}) == "1 passed, 0 failed"  # no outcome: none said


def test_tally_names_the_exit_code_no_failing_test_explains() -> None:
    # portalocker's fail_under = 100: every test passed, pytest-cov made the run exit 1
    cov = TestReport(outcome=Outcome.FAILED, collected=12, passed=12, returncode=1)
    assert render.tally(cov) == "12 passed, 0 failed (failed, exit 1)"
    assert render.tally(cov.to_dict()) == "12 passed, 0 failed (failed, exit 1)"
    crash = TestReport(outcome=Outcome.INTERNAL_ERROR, returncode=-11)
    assert render.tally(crash) == "0 passed, 0 failed (internal_error, exit -11)"
    # failing tests explain the outcome; a pass or a timeout (no exit code) says none
    assert render.tally(TestReport(outcome=Outcome.FAILED, failed=1, returncode=1)).endswith(
        "(failed)"
    )
    assert render.tally(TestReport(outcome=Outcome.PASSED, passed=1, returncode=0)).endswith(
        "(passed)"
    )
    assert render.tally(TestReport(outcome=Outcome.TIMED_OUT)).endswith("(timed_out)")


def test_id_list_and_one_line() -> None:
    assert render.id_list(["a", "b", "c"], 2) == "a, b (+1 more)"
    assert render.id_list(["a"], 2) == "a"
    assert render.one_line("first\nsecond") == "first …"
    assert render.one_line("x" * 10, 5) == "xxxx …"
    # a whole word near the limit ("generated 53 cand …" was the live notice of a give-up)
    assert render.one_line("alpha beta gamma delta", 20) == "alpha beta gamma …"
    assert render.one_line({"k": 1}) == '{"k": 1}'


def test_for_model_names_failing_collection_errors_and_notice() -> None:
    text = render.for_model(REPORT, target="tests/test_a.py", limit_ids=2)
    lines = text.split("\n")
    assert (
        lines[0]
        == "5 passed, 3 failed, 1 errors, 2 skipped (failed); 9 collected [tests/test_a.py]"
    )
    assert lines[1] == "failing: tests/test_a.py::test_0, tests/test_a.py::test_1 (+2 more)"
    assert lines[2] == "collection error: tests/test_b.py:3: SyntaxError: invalid syntax"
    assert text.endswith("\npytest not found: plain runner")


def test_for_model_cuts_the_output_in_the_middle_to_fit() -> None:
    big = TestReport(
        Outcome.FAILED, collected=1, failed=1, output="head\n" + "x" * 50_000 + "\ntail"
    )
    big.log_path = "/logs/big.log"
    text = render.for_model(big, room_bytes=5_000)
    assert len(text.encode()) <= 5_000
    assert "head" in text and text.endswith("tail")
    assert "output cut: 50,010 bytes in all; full log: /logs/big.log" in text


def test_terminal_and_transcript_say_the_same_tally() -> None:
    buf = io.StringIO()
    display = LiveDisplay(Console(file=buf, width=300, highlight=False, color_system=None))
    display("baseline", {"report": REPORT.to_dict()})
    shown = buf.getvalue()
    said = render.transcript([{"type": "baseline", "t": 0.0, "report": REPORT.to_dict()}])
    for text in (shown, said):
        assert render.tally(REPORT) in text
        assert "tests/test_b.py:3: SyntaxError" in text
    assert "failing: tests/test_a.py::test_0" in shown and "(+0 more)" not in shown
    assert "note: pytest not found" in said


def test_summary_uses_the_same_pieces() -> None:
    result = RunResult(
        status=RunStatus.BUDGET_EXHAUSTED,
        verified=False,
        stop_reason="step budget",
        failing_tests=[f"t{i}" for i in range(10)],
        counters=Counters(loop_warnings=2),
    )
    text = render.summary(result, edits=1, baseline=REPORT)
    assert f"At the start: {render.tally(REPORT)}." in text
    assert "Still failing: t0, t1, t2, t3, t4, t5, t6, t7 (+2 more)" in text
    assert "Counters: 2 loop warnings" in text
    assert text.startswith("NOT VERIFIED (budget_exhausted)")


def test_an_interrupt_names_where_its_failing_list_comes_from() -> None:
    # Ctrl-C during the engine's first step: no test ran after the baseline, so the list is the
    # baseline's; after a test run it is that run's
    before = RunResult(
        status=RunStatus.INTERRUPTED, verified=False, stop_reason="Ctrl-C", failing_tests=["t1"]
    )
    text = render.summary(before, edits=0, baseline=REPORT)
    assert "Failing at the start (no test ran since): t1" in text
    assert "last test run" not in text
    after = RunResult(
        status=RunStatus.INTERRUPTED,
        verified=False,
        stop_reason="Ctrl-C",
        failing_tests=["t1"],
        test_runs=1,
    )
    assert "Failing in the last test run: t1" in render.summary(after, edits=0, baseline=REPORT)


def test_nothing_to_fix_with_uncommitted_changes_says_what_was_not_tested() -> None:
    # a newcomer's bug sits uncommitted in the checkout; the run tests HEAD, where every test
    # passes: the report says the changes were not tested and how to have them tested
    result = RunResult(status=RunStatus.NOTHING_TO_FIX, verified=False, stop_reason="all passed")
    changes = ["src/cachetools/__init__.py", "src/pkg.egg-info/PKG-INFO", "b.py", "c.py"]
    lines = render.summary(result, edits=0, baseline=None, user_changes=changes).splitlines()
    assert lines[0].startswith("Nothing to fix: every test passed before any change")
    assert lines[1] == (
        "That is the HEAD commit: your uncommitted changes (src/cachetools/__init__.py, "
        "src/pkg.egg-info/PKG-INFO, b.py (+1 more)) were not tested; if the failing tests you "
        "see come from them, commit them (on a branch of your own if you like) and run fixloop "
        "again."
    )
    clean = render.summary(result, edits=0, baseline=None, user_changes=[])
    assert "uncommitted" not in clean
