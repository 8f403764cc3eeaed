"""Scoring one run (fixloop.eval.score): the task repository the agent gets, its final tree taken
out (head commit, worktree, branch, base), the diff, test files put back, and score_tree's verdicts
with a stand-in runner."""

from __future__ import annotations

from pathlib import Path

import pytest
from eval_suite_files import SUITE_FILES, git, write

from fixloop.eval.score import (
    ScoringLimits,
    baseline_report,
    make_task_repo,
    materialize_result,
    restore_test_files,
    score_run,
    score_tree,
    scoring_limits,
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


# --------------------------------------------------------------------------------------------
# The scoring runs' time limits: derived from the agent's baseline (README, "Time limits")
# --------------------------------------------------------------------------------------------


def test_scoring_limits_derive_from_the_baseline_scaled_by_the_hidden_tests() -> None:
    from fixloop.config import Settings

    settings = Settings()
    base = {"duration_s": 12.0, "hung_s": 2.0, "slowest_s": 1.5, "collected": 2}
    got = scoring_limits(settings, base, tests=4)
    # B = (12 - 2) s for 2 tests, 4 to score: 20 s; run limit max(30, 4 x 20) = 80 s;
    # per test max(10, 10 x 1.5) = 15 s: TimeoutSettings.derive, as for a fix run's runs
    want = settings.timeouts.derive(20.0, 1.5)
    assert got.source == "baseline"
    assert got.limits.wall_s == want.test_run_s == 80.0
    assert got.per_test_s == want.per_test_s == 15.0
    assert got.limits.memory_mb == settings.to_limits().memory_mb
    assert got.to_json() == {"test_run_s": 80.0, "per_test_s": 15.0, "source": "baseline"}
    # fewer tests to score than the baseline ran: never scaled down
    assert scoring_limits(settings, base, tests=1).limits.wall_s == 4 * 10.0
    # a tiny suite: the floors
    tiny = scoring_limits(settings, {"duration_s": 0.4, "slowest_s": 0.01, "collected": 1}, 3)
    assert (tiny.limits.wall_s, tiny.per_test_s) == (30.0, 10.0)


def test_scoring_limits_follow_the_runs_settings_and_fall_back_to_the_caps() -> None:
    from fixloop.config import Settings

    lowered = Settings.model_validate({"timeouts": {"test_timeout_s": 50, "per_test_timeout_s": 5}})
    base = {"duration_s": 30.0, "hung_s": 0.0, "slowest_s": 2.0, "collected": 3}
    got = scoring_limits(lowered, base, tests=3)
    assert (got.limits.wall_s, got.per_test_s) == (50.0, 5.0)  # the caps the suite set
    # no baseline (the agent ended before it): the caps, as the baseline itself runs
    caps = scoring_limits(lowered, None, tests=3)
    assert (caps.limits.wall_s, caps.per_test_s, caps.source) == (50.0, 5.0, "caps")
    default = scoring_limits(Settings(), {"report": "no duration"}, tests=3)
    assert (default.limits.wall_s, default.per_test_s, default.source) == (1800.0, 120.0, "caps")


def test_baseline_report_reads_the_first_baseline_event(tmp_path: Path) -> None:
    traj = tmp_path / "trajectory.jsonl"
    assert baseline_report(None) is None and baseline_report(traj) is None
    traj.write_text(
        '{"type": "run_start", "t": 0}\n'
        '{"type": "baseline", "t": 1, "report": {"duration_s": 1.5, "collected": 2}}\n'
        '{"type": "baseline", "t": 2, "report": {"duration_s": 9.0}}\n'
        '{"type": "run_end", "t": 3, "trunc',
        encoding="utf-8",
    )
    assert baseline_report(traj) == {"duration_s": 1.5, "collected": 2}
    traj.write_text('{"type": "run_start", "t": 0}\nnot json\n', encoding="utf-8")
    assert baseline_report(traj) is None


def test_a_hidden_test_that_hangs_is_stopped_by_the_derived_per_test_limit(
    tmp_path: Path,
) -> None:
    from fixloop.errors import SandboxUnavailable
    from fixloop.sandbox import make_sandbox
    from fixloop.types import Limits

    files = {
        "suite.toml": 'name = "hang"\n[defaults]\ntest_cmd = "python -m pytest -q -p no:cacheprovider"\n',
        "loop/task.toml": 'id = "loop"\n',
        "loop/repo/m.py": "def f():\n    return 1\n",
        "loop/repo/tests/test_m.py": "from m import f\n\ndef test_f():\n    assert f() == 1\n",
        "loop/hidden/tests/test_hidden_m.py": "import time\n\n"
        "def test_slow():\n    time.sleep(60)\n\ndef test_ok():\n    assert True\n",
    }
    task = load_suite(write(tmp_path / "suite", files)).tasks[0]
    repo = tmp_path / "r"
    make_task_repo(task, repo)
    try:
        sandbox = make_sandbox("auto")
    except SandboxUnavailable as exc:
        pytest.skip(f"no sandbox here: {exc}")
    limits = ScoringLimits(Limits(wall_s=40.0), per_test_s=1.0, source="baseline")
    got = score_run(
        task,
        repo,
        None,
        tmp_path / "tree",
        sandbox=sandbox,
        log_dir=tmp_path / "logs",
        limits=limits,
    )
    assert got["score_limits"] == {"test_run_s": 40.0, "per_test_s": 1.0, "source": "baseline"}
    assert not got["resolved"] and got["visible_ok"] and got["overfit"]
    assert got["failing"] == ["tests/test_hidden_m.py::test_slow"]
    assert "hung" in got["tally"]
    assert got["score_s"] < 30  # the test was stopped alone, not the 60 s sleep
