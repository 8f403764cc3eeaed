"""The baseline's and the gate's runs keep the tests in fixloop's process under pytest-xdist.

A project whose ``addopts`` start pytest-xdist workers (``-n 2``, ``--dist``, ``-d --tx``) ran
its tests in interpreters that execnet starts, where fixloop's audit hook, globals watch and
record are absent (red-team G9). Real runs of the real runner in the default sandbox: the
pristine runs (baseline, gate) run every test in the pytest process, the model's own runs keep
the project's workers. fixloop's dev venv has pytest-xdist installed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fixloop.sandbox import make_sandbox
from fixloop.testrun import TestRunner
from fixloop.types import Limits

TESTS = (
    "import os\n\n\n"
    "def test_in_the_pytest_process():\n"
    "    assert 'PYTEST_XDIST_WORKER' not in os.environ\n\n\n"
    "def test_other():\n"
    "    assert 1 + 1 == 2\n"
)


def _project(root: Path, addopts: str) -> Path:
    (root / "tests").mkdir(parents=True)
    (root / "tests" / "test_where.py").write_text(TESTS, encoding="utf-8")
    (root / "pytest.ini").write_text(f"[pytest]\naddopts = {addopts}\n", encoding="utf-8")
    return root


@pytest.mark.parametrize(
    "addopts",
    ["-n 2", "-n auto --dist loadfile --maxprocesses 2", "-d --tx 2*popen", "--numprocesses=2"],
)
def test_pristine_runs_keep_the_tests_in_process(tmp_path: Path, addopts: str) -> None:
    repo = _project(tmp_path / "repo", addopts)
    runner = TestRunner(
        repo, make_sandbox("auto"), log_dir=tmp_path / "logs", limits=Limits(wall_s=120)
    )
    report = runner.run("", pristine=True, record="baseline")
    assert (report.passed, report.failed) == (2, 0), report.output[-2000:]
    assert report.record is not None and report.record.test_modules == ["tests/test_where.py"]


def test_the_models_runs_keep_the_projects_workers(tmp_path: Path) -> None:
    repo = _project(tmp_path / "repo", "-n 2")
    runner = TestRunner(
        repo, make_sandbox("auto"), log_dir=tmp_path / "logs", limits=Limits(wall_s=120)
    )
    report = runner.run("")
    assert (report.passed, report.failed) == (1, 1), report.output[-2000:]
