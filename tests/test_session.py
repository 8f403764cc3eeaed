"""The run session: the baseline run, and the one Ctrl-C handler ending a run wherever it lands."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_api import EDIT_ADD, model_of, reply
from test_e2e import default_sandbox_args, fixloop_branches

import fixloop.session as session_mod
from fixloop.api import CodingAgent
from fixloop.session import RunInterrupted, RunSession, run_baseline
from fixloop.types import Outcome, RunStatus, TestReport

FAILING = TestReport(Outcome.FAILED, collected=2, passed=1, failed=1)


pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture
def sandbox_kw() -> dict[str, Any]:
    return {"sandbox": "none", "allow_unsandboxed": True} if "none" in default_sandbox_args() else {}


class OneReport:
    def __init__(self, report: TestReport) -> None:
        self.report = report
        self.calls: list[tuple[str, bool]] = []

    def run(self, target: str = "", *, pristine: bool = False, root: Path | None = None) -> Any:
        self.calls.append((target, pristine))
        return self.report


def test_run_baseline_runs_full_suite_pristine() -> None:
    runner = OneReport(FAILING)
    assert run_baseline(runner) is FAILING and runner.calls == [("", True)]


def test_ctrl_c_during_the_baseline_ends_the_run_once(
    calc: Path, sandbox_kw: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Before the loop exists: no model call, nothing to commit, run_end still written.
    def interrupted(runner: Any) -> TestReport:
        raise KeyboardInterrupt

    monkeypatch.setattr(session_mod, "run_baseline", interrupted)
    agent = CodingAgent(model_of([]), calc, **sandbox_kw)
    with pytest.raises(RunInterrupted) as info:
        agent.run()
    result = info.value.result
    assert result is agent.result and result.status == RunStatus.INTERRUPTED
    assert "interrupted" in result.stop_reason and result.steps == 0
    assert fixloop_branches(calc) == [] and result.worktree is None
    last = json.loads(Path(result.trajectory or "").read_text().splitlines()[-1])
    assert last["type"] == "run_end" and "interrupted" in last["stop_reason"]


def test_an_unexpected_error_in_the_loop_keeps_the_work(
    calc: Path, sandbox_kw: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bug below the loop (here: the tools) ends the run as an error with a WIP commit.
    import fixloop.agent.calls as calls

    real = calls.record

    def record(events: Any, block: Any, result: Any) -> Any:
        real(events, block, result)
        raise RuntimeError("recording broke")

    monkeypatch.setattr(calls, "record", record)
    session = RunSession(model_of([reply(EDIT_ADD)]), calc, overrides=sandbox_kw)
    with pytest.raises(RuntimeError, match="recording broke"):
        with session:
            session.run()
    result = session.result
    assert result is not None and result.status == RunStatus.ERROR and not result.verified
    assert "RuntimeError: recording broke" in result.stop_reason
    assert result.head_commit and fixloop_branches(calc) == [result.branch]


def test_the_models_run_tests_is_warm_and_the_gate_stays_cold(
    calc: Path, sandbox_kw: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from fixloop.testrun import TestRunner
    from fixloop.testrun.warm import WarmRunner

    monkeypatch.delenv("FIXLOOP_WARM_RUNS", raising=False)
    pristine_runs: list[bool] = []
    real_run = TestRunner.run

    def cold_run(self: TestRunner, target: Any = "", **kw: Any) -> TestReport:
        pristine_runs.append(bool(kw.get("pristine")))
        return real_run(self, target, **kw)

    monkeypatch.setattr(TestRunner, "run", cold_run)
    run_tests = {"type": "tool_use", "name": "run_tests", "input": {"target": ""}}
    done = reply({"type": "text", "text": "done"}, stop="end_turn")
    session = RunSession(
        model_of([reply(run_tests), reply(EDIT_ADD), reply(run_tests), done]),
        calc,
        overrides=sandbox_kw,
    )
    with session:
        result = session.run()
    assert result.verified
    warm = session.warm
    assert isinstance(warm, WarmRunner) and session.tools is not None
    assert session.tools.runner is warm
    assert session.gate is not None and session.gate.runner is session.runner
    assert isinstance(session.runner, TestRunner) and not isinstance(session.gate.runner, WarmRunner)
    # the model's two runs were served warm (where the sandbox passes descriptors); every run
    # of the cold runner is the baseline's or the gate's, all pristine
    expected = 2 if session.sandbox.passes_fds else 0
    assert (warm.warm_runs, warm.cold_runs) == (expected, 2 - expected)
    assert pristine_runs.count(False) == 2 - expected and pristine_runs.count(True) >= 2
    assert warm._server is None  # stopped when the run ended
