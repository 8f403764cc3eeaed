"""Scoring one run (fixloop.eval.score): the task repository the agent gets, its final tree taken
out (head commit, worktree, branch, base), the diff, test files put back, and score_tree's verdicts
with a stand-in runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, git, write

from fixloop.eval.score import (
    make_task_repo,
    materialize_result,
    restore_test_files,
    score_tree,
    tree_diff,
)
from fixloop.eval.suite import load_suite
from fixloop.types import FailingTest, Outcome, TestReport


@pytest.fixture
def mini_suite(tmp_path: Path) -> Path:
    return write(tmp_path / "suite", SUITE_FILES)


def test_make_task_repo_is_one_commit_without_hidden_files(
    mini_suite: Path, tmp_path: Path
) -> None:
    task = load_suite(mini_suite).tasks[0]
    repo = tmp_path / "r"
    head = make_task_repo(task, repo)
    assert len(head) == 40
    assert git(repo, "rev-list", "--count", "HEAD").strip() == "1"
    assert git(repo, "status", "--porcelain") == ""
    files = sorted(git(repo, "ls-files").split())
    assert files == ["calc.py", "tests/test_calc.py"]


def test_materialize_prefers_head_commit_then_worktree_then_base(
    mini_suite: Path, tmp_path: Path
) -> None:
    task = load_suite(mini_suite).tasks[0]
    repo = tmp_path / "r"
    base = make_task_repo(task, repo)
    # base: nothing from the agent
    assert materialize_result(repo, None, tmp_path / "t0") == "base"
    assert (tmp_path / "t0" / "calc.py").read_text() == (task.repo_dir / "calc.py").read_text()
    # a worktree with uncommitted work (an agent killed mid-run)
    wt = tmp_path / "wt"
    git(repo, "worktree", "add", "-q", "-b", "fixloop/x", str(wt))
    (wt / "calc.py").write_text("def double(x):\n    return x + x\n")
    assert materialize_result(repo, {"head_commit": None}, tmp_path / "t1") == "worktree"
    assert "x + x" in (tmp_path / "t1" / "calc.py").read_text()
    assert not (tmp_path / "t1" / ".git").exists()
    # the reported head commit wins
    git(wt, "commit", "-qam", "fix")
    head = git(wt, "rev-parse", "HEAD").strip()
    assert head != base
    assert materialize_result(repo, {"head_commit": head}, tmp_path / "t2") == "head_commit"
    assert "x + x" in (tmp_path / "t2" / "calc.py").read_text()
    # an unknown commit id falls through to the worktree
    assert materialize_result(repo, {"head_commit": "0" * 40}, tmp_path / "t3") == "worktree"


def test_tree_diff_counts_changed_files_and_lines(tmp_path: Path) -> None:
    a = write(tmp_path / "a", {"m.py": "a\nb\nc\n", "same.py": "x\n", "gone.py": "1\n2\n"})
    b = write(tmp_path / "b", {"m.py": "a\nB\nc\nd\n", "same.py": "x\n", "new.txt": "n\n"})
    (b / "__pycache__").mkdir()
    (b / "__pycache__" / "m.cpython-311.pyc").write_bytes(b"\0")
    changed, lines = tree_diff(a, b)
    assert changed == ["gone.py", "m.py", "new.txt"]
    # gone.py: -2; m.py: -1 +2; new.txt: +1
    assert lines == 6


def test_restore_test_files_puts_back_changed_and_removes_added(
    mini_suite: Path, tmp_path: Path
) -> None:
    task = load_suite(mini_suite).tasks[0]
    tree = write(
        tmp_path / "tree",
        {
            "calc.py": "def double(x):\n    return x + x\n",
            "tests/test_calc.py": "def test_two():\n    assert True\n",
            "conftest.py": "import calc\n",
        },
    )
    changed, _ = tree_diff(task.repo_dir, tree)
    assert changed == ["calc.py", "conftest.py", "tests/test_calc.py"]
    assert restore_test_files(task, tree, changed) == ["conftest.py", "tests/test_calc.py"]
    assert not (tree / "conftest.py").exists()
    assert (tree / "tests" / "test_calc.py").read_text() == (
        task.repo_dir / "tests" / "test_calc.py"
    ).read_text()
    assert "x + x" in (tree / "calc.py").read_text()  # the fix itself stays


class StandInRunner:
    """Answers ``run("", pristine=True, root=...)`` with given reports; records each call."""

    def __init__(self, *reports: TestReport) -> None:
        self.reports = list(reports)
        self.calls: list[tuple[Path, bool, bool]] = []

    def run(self, target: str, *, pristine: bool, root: Path) -> TestReport:
        hidden_there = (root / "tests" / "test_hidden_calc.py").is_file()
        self.calls.append((root, pristine, hidden_there))
        return self.reports.pop(0)


def report(outcome: Outcome, collected: int, failing: tuple[str, ...] = ()) -> TestReport:
    return TestReport(
        outcome=outcome,
        collected=collected,
        passed=collected - len(failing),
        failed=len(failing),
        failing=[FailingTest(id=f) for f in failing],
    )


def test_score_tree_resolved_overfit_and_too_few_tests(mini_suite: Path, tmp_path: Path) -> None:
    task = load_suite(mini_suite).tasks[0]
    assert (task.visible_tests, task.scoring_tests) == (1, 3)
    tree = tmp_path / "score"
    write(tree, {"calc.py": "x\n", "tests/test_calc.py": "y\n"})

    # resolved: one pristine run over the hidden files, in a sibling folder
    runner = StandInRunner(report(Outcome.PASSED, 3))
    got = score_tree(task, tree, runner)
    assert (got["resolved"], got["overfit"], got["visible_ok"]) == (True, False, True)
    assert got["visible_collected"] is None and got["visible_outcome"] == "passed"
    assert runner.calls == [(tmp_path / "score-hidden", True, True)]
    assert not (tree / "tests" / "test_hidden_calc.py").exists()  # the agent's tree stays clean

    # overfit: hidden tests fail, then the visible ones run alone on the hidden-free tree
    hidden_fail = "tests/test_hidden_calc.py::test_five"
    runner = StandInRunner(report(Outcome.FAILED, 3, (hidden_fail,)), report(Outcome.PASSED, 1))
    tree2 = write(tmp_path / "score2", {"calc.py": "x\n"})
    got = score_tree(task, tree2, runner)
    assert (got["resolved"], got["overfit"], got["visible_ok"]) == (False, True, True)
    assert got["failing"] == [hidden_fail] and got["visible_collected"] == 1
    assert [c[2] for c in runner.calls] == [True, False]

    # every test passed but fewer were collected than repo/ + hidden/ hold: not resolved
    runner = StandInRunner(report(Outcome.PASSED, 2), report(Outcome.PASSED, 1))
    tree3 = write(tmp_path / "score3", {"calc.py": "x\n"})
    got = score_tree(task, tree3, runner)
    assert not got["resolved"] and got["overfit"] and got["collected"] == 2
    assert got["expected_tests"] == 3
