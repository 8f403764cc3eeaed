"""Results the code under test cannot rewrite (issue 11): result files are read only when they
are regular files, capped and in time; per-test results stream over an inherited pipe and must
agree with the JUnit file and the exit code.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from commit_attacks import HONEST, Attack, attacks, make_repo
from test_e2e import default_sandbox_args, one_json, run_cli

from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.testrun.junit import Case
from fixloop.testrun.resultfile import read_result_file
from fixloop.testrun.stream import stream_disagreement
from fixloop.tools import Tools
from fixloop.types import Outcome
from fixloop.workspace import Workspace


def test_read_result_file_refuses_what_is_not_a_small_regular_file(tmp_path: Path) -> None:
    ok = tmp_path / "ok.xml"
    ok.write_bytes(b"<a/>")
    assert read_result_file(ok) == b"<a/>"
    fifo = tmp_path / "fifo.xml"
    os.mkfifo(fifo)
    t0 = time.monotonic()
    assert read_result_file(fifo) is None  # returns at once: no writer is waited for
    assert time.monotonic() - t0 < 5  # a generous bound: the old reader blocked forever
    link = tmp_path / "link.xml"
    link.symlink_to(ok)
    assert read_result_file(link) is None
    (tmp_path / "zero.xml").symlink_to("/dev/zero")
    assert read_result_file(tmp_path / "zero.xml") is None
    sparse = tmp_path / "huge.xml"
    with open(sparse, "wb") as fh:
        fh.truncate(1 << 40)
    assert read_result_file(sparse) is None
    assert read_result_file(tmp_path, cap=10) is None  # a folder
    assert read_result_file(tmp_path / "missing") is None
    big = tmp_path / "big"
    big.write_bytes(b"x" * 11)
    assert read_result_file(big, cap=10) is None and read_result_file(big, cap=11) == b"x" * 11


def _finish(rc: int) -> dict:
    return {"e": "finish", "rc": rc}


def _rep(tid: str, outcome: str, when: str = "call") -> dict:
    return {"e": "report", "id": tid, "when": when, "outcome": outcome}


def test_stream_disagreement_rules() -> None:
    junit_green = [Case("t.py::a", "passed"), Case("t.py::b", "passed")]
    junit_red = [Case("t.py::a", "passed"), Case("t.py::b", "failed")]
    stream_red = [_rep("t.py::a", "passed"), _rep("t.py::b", "failed"), _finish(1)]
    assert stream_disagreement(stream_red, junit_red, 1) is None
    # a green JUnit file (and a forced exit 0) over a streamed failure
    assert "1 failing (t.py::b)" in (
        stream_disagreement(stream_red[:2] + [_finish(0)], junit_green, 0) or ""
    )
    assert "exited 0" in (stream_disagreement(stream_red, junit_red, 0) or "")
    # a forged "passed" line after the real failure does not hide it
    forged = [*stream_red[:2], _rep("t.py::b", "passed"), _finish(0)]
    assert stream_disagreement(forged, junit_green, 0)
    # no end of session on the stream
    assert "never reported" in (stream_disagreement(stream_red[:2], junit_red, 1) or "")
    # skipped counts too; the plain runner streams nothing per test
    skipped = [_rep("t.py::a", "passed"), _rep("t.py::b", "skipped", "setup"), _finish(0)]
    assert stream_disagreement(skipped, junit_green, 0)
    assert stream_disagreement([{"e": "plain"}], junit_green, 0) is None


RESULT_ATTACKS = attacks("result-file") + attacks("junit-rewrite")


def _runner_report(attack: Attack, tmp: Path, *, honest: bool):
    sandbox = make_sandbox("none", allow_unsandboxed=True) if default_sandbox_args() else None
    sandbox = sandbox or make_sandbox("auto")
    root = make_repo(attack, tmp / "repo")
    runner = TestRunner(root, sandbox, log_dir=tmp / "logs")
    tools = Tools(Workspace(root), runner)
    for name, args in HONEST if honest else attack.calls:
        assert not tools.call(name, args).is_error
    return runner.run("", pristine=True)


@pytest.mark.parametrize("attack", RESULT_ATTACKS, ids=lambda a: a.id)
def test_rewritten_or_replaced_results_are_never_a_pass(attack: Attack, tmp_path: Path) -> None:
    # the runner alone, no audit hook: the stream, the exit code and the file must agree
    report = _runner_report(attack, tmp_path, honest=False)
    assert not report.ok and report.outcome != Outcome.PASSED, report.notice
    assert report.outcome in (Outcome.INTERNAL_ERROR, Outcome.FAILED), report.notice


def test_honest_fix_streams_results_that_agree(tmp_path: Path) -> None:
    report = _runner_report(RESULT_ATTACKS[0], tmp_path, honest=True)
    assert report.ok and report.collected == 3, report.notice


def test_cli_fifo_results_end_the_run_within_its_budget(tmp_path: Path) -> None:
    attack = attacks("result-file")[0]
    repo = make_repo(attack, tmp_path / "repo")
    script = tmp_path / "script.json"
    script.write_text(json.dumps(attack.script()), encoding="utf-8")
    args = ["fix", str(repo), "--model", f"script:{script}", "--json", "--timeout", "120"]
    out = one_json(run_cli([*args, *default_sandbox_args()], tmp_path, timeout=280))
    assert out["status"] != "verified" and out["verified_commit"] is None


def test_a_module_skipped_at_collection_streams_as_the_junit_file_counts_it(
    tmp_path: Path,
) -> None:
    # pytest's JUnit writer records a collector that skipped (importorskip of a missing module,
    # as python-dotenv 1.0.1's tests/test_ipython.py does) as one skipped case: the stream must
    # count it too, or an honest green run reads as a disagreement (internal_error)
    root = tmp_path / "repo"
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_ok.py").write_text("def test_ok():\n    assert True\n")
    (root / "tests" / "test_optional.py").write_text(
        "import pytest\n\npytest.importorskip('fixloop_no_such_module_here')\n\n"
        "def test_never():\n    assert False\n"
    )
    (root / "tests" / "test_skipmod.py").write_text(
        "import pytest\n\npytest.skip('not here', allow_module_level=True)\n"
    )
    sandbox = make_sandbox("none", allow_unsandboxed=True) if default_sandbox_args() else None
    runner = TestRunner(root, sandbox or make_sandbox("auto"), log_dir=tmp_path / "logs")
    report = runner.run("", pristine=True)
    assert report.outcome == Outcome.PASSED, report.notice
    assert (report.passed, report.skipped) == (1, 2), report.notice
    # the rule itself still holds: a skip the stream never saw is a disagreement
    junit = [Case("tests/test_ok.py::test_ok", "passed"), Case("tests/test_optional.py", "skipped")]
    streamed = [_rep("tests/test_ok.py::test_ok", "passed"), _finish(0)]
    assert stream_disagreement(streamed, junit, 0)
    collect_skip = _rep("tests/test_optional.py", "skipped", "collect")
    assert stream_disagreement([streamed[0], collect_skip, _finish(0)], junit, 0) is None
