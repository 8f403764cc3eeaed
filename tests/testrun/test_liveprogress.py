"""The terminal's spinner line says how far a test run is (fixloop.testrun.liveprogress):
tests done, failed, and a test that has been running for a while, read from the run's
progress file while it grows."""

from __future__ import annotations

import io
import json
import shutil
import sys
import threading
import time

import pytest
from rich.console import Console

from fixloop import sandbox as sb
from fixloop.display import PhaseSpinner
from fixloop.testrun import TestRunner, liveprogress
from fixloop.types import Limits, Outcome


def _line(**rec) -> str:
    return json.dumps(rec) + "\n"


def test_tail_reads_appended_lines_and_waits_for_a_cut_line(tmp_path):
    path = tmp_path / "progress.jsonl"
    tail = liveprogress.ProgressTail(path)
    tail.poll(now=0.0)  # no file yet: nothing, no error
    assert tail.text(now=0.0) == ""
    with open(path, "w") as fh:
        fh.write(_line(e="start", id="t.py::a"))
        fh.write(_line(e="report", id="t.py::a", when="call", outcome="passed"))
        fh.write(_line(e="start", id="t.py::b"))
        fh.write(_line(e="report", id="t.py::b", when="setup", outcome="failed")[:20])  # cut
    tail.poll(now=10.0)
    assert tail.done == {"t.py::a"} and tail.current == "t.py::b"
    assert tail.text(now=12.0) == "1 test done"  # b runs 2 s: not named yet
    assert tail.text(now=16.0) == "1 test done · running t.py::b for 6 s"
    with open(path, "a") as fh:  # the rest of the cut line, then a collector skip
        fh.write(_line(e="report", id="t.py::b", when="setup", outcome="failed")[20:])
        fh.write(_line(e="report", id="t.py", when="collect", outcome="skipped"))
        fh.write("not json\n")
    tail.poll(now=20.0)
    assert tail.done == {"t.py::a", "t.py::b"} and tail.failed == {"t.py::b"}
    assert tail.current == ""
    assert tail.text(now=40.0) == "2 tests done, 1 failed"


def test_summary_names_the_newest_tracked_run_and_forgets_it_after(tmp_path):
    older, newer = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    older.write_text(_line(e="report", id="x::1", when="call", outcome="passed"))
    newer.write_text(_line(e="report", id="y::1", when="call", outcome="failed"))
    with liveprogress.track(older), liveprogress.track(newer):
        assert liveprogress.summary(now=1000.0) == "1 test done, 1 failed"
        assert liveprogress.summary(now=1000.1) == "1 test done, 1 failed"  # cached
    assert liveprogress.summary(now=1001.0) == ""


def test_spinner_line_carries_the_detail():
    spinner = PhaseSpinner(Console(file=io.StringIO()), detail=lambda: "3 tests done")
    spinner.phase, spinner._t0, spinner._at_once = "baseline", time.monotonic(), True
    spinner.__rich__()
    assert str(spinner._spinner.text).endswith("· 3 tests done")
    spinner.detail = lambda: ""
    spinner.__rich__()
    assert "·" not in str(spinner._spinner.text)


@pytest.fixture
def box() -> sb.Sandbox:
    if shutil.which("bwrap") is None:
        pytest.skip("bubblewrap not installed")
    return sb.BwrapSandbox()


def test_a_real_run_shows_the_slow_test_while_it_runs(make_repo, box, tmp_path, monkeypatch):
    monkeypatch.setattr(liveprogress, "SLOW_S", 0.3)
    monkeypatch.setattr(liveprogress, "REFRESH_S", 0.0)
    repo = make_repo(
        {
            "tests/test_slow.py": (
                "import time\n\n"
                "def test_quick():\n    assert True\n\n"
                "def test_broken():\n    assert False\n\n"
                "def test_sleepy():\n    time.sleep(4)\n"
            )
        }
    )
    runner = TestRunner(
        repo, box, log_dir=tmp_path / "logs", python=sys.executable, limits=Limits(wall_s=60)
    )
    seen: list[str] = []
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(runner.run()))
    worker.start()
    while worker.is_alive():
        seen.append(liveprogress.summary())
        time.sleep(0.1)
    worker.join()
    assert result[0].outcome == Outcome.FAILED  # type: ignore[attr-defined]
    assert any(
        s.startswith("2 tests done, 1 failed · running tests/test_slow.py::test_sleepy for")
        for s in seen
    ), seen[-5:]
    assert liveprogress.summary() == ""  # the run ended: nothing in progress
