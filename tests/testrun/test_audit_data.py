"""The watch protects the data the baseline's tests read outside the test files.

``RunRecord.data_read`` (the files the tests opened at the baseline) goes into the hook's config
(``audit_config(data=...)``, kept by the runner from its baseline record); a change to one of
those files during a gate run, by anything but test code, is a finding as for the test files.
Files the run itself writes (an output the tests then check) are not data: the recorder leaves
them out, so the changed code writing them stays clean.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fixloop.testrun import TestRunner
from fixloop.types import Limits

sys.path.insert(0, str(Path(__file__).parents[1]))
from conftest import git  # noqa: E402
from test_gate_attacks import _gate_verdict, _sandbox  # noqa: E402

_TEST = """
import json, os
from calc import report

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_report():
    path = report(os.path.join(ROOT, "out", "result.txt"))
    with open(path, encoding="utf-8") as fh:
        assert fh.read() == "ok"
    with open(os.path.join(ROOT, "data", "expected.json"), encoding="utf-8") as fh:
        assert json.load(fh) == {"ok": 1}
"""

_CALC = """
def report(path):
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("ok")
    return path
"""


def test_the_baseline_data_leaves_out_what_the_run_writes(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "tests").mkdir(parents=True)
    (repo / "data").mkdir()
    (repo / "out").mkdir()
    (repo / "out" / "result.txt").write_text("stale")
    (repo / "data" / "expected.json").write_text('{"ok": 1}')
    (repo / "calc.py").write_text(_CALC)
    (repo / "tests" / "test_calc.py").write_text(_TEST)
    git(repo, "init", "-q")
    runner = TestRunner(repo, _sandbox(), log_dir=tmp_path / "logs", limits=Limits(wall_s=60))
    report = runner.run("", pristine=True, record="baseline", writable=True)
    assert report.ok, report.output
    assert report.record is not None
    assert report.record.data_read == ["data/expected.json"]  # out/result.txt: an output
    assert runner.baseline_data == ["data/expected.json"]


def test_data_outside_the_test_files_rewritten_by_the_change_is_refused(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "runtime_data_outside_tests", static=True)
    assert verdict.report.ok  # pytest itself was fooled
    assert not verdict.verified
    assert "calc.py:29: changed data/expected.json, a data file the tests read at the baseline" in (
        verdict.reason
    )


def test_a_changed_function_writing_an_output_the_tests_read_verifies(tmp_path: Path) -> None:
    verdict = _gate_verdict(tmp_path, "honest_data_outside_tests", static=True)
    assert verdict.verified, verdict.reason
