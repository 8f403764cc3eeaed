"""The Python API: any callable of the model shape plugs in; endings keep the work on a branch."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from conftest import git
from test_e2e import default_sandbox_args, fixloop_branches, snapshot

from fixloop.api import CodingAgent, exit_code_for
from fixloop.errors import ConfigError, ProviderUnavailable
from fixloop.types import RunResult, RunStatus

EDIT_ADD = {
    "type": "tool_use",
    "name": "edit_file",
    "input": {
        "path": "calc.py",
        "old": "def add(a, b):\n    return a - b\n",
        "new": "def add(a, b):\n    return a + b\n",
    },
}


pytestmark = pytest.mark.usefixtures("private_home")


@pytest.fixture
def sandbox_kw() -> dict[str, Any]:
    args = default_sandbox_args()
    return {"sandbox": "none", "allow_unsandboxed": True} if "none" in args else {}


def model_of(steps: list[Any]) -> Callable[..., dict[str, Any]]:
    """A user's own adapter: a plain function; raises the exceptions given in ``steps``."""
    it = iter(steps)

    def my_model(system: str, messages: list[dict], tools: list[dict]) -> dict[str, Any]:
        assert isinstance(system, str) and {t["name"] for t in tools} >= {"edit_file"}
        step = next(it)
        if isinstance(step, BaseException):
            raise step
        return step

    return my_model


def reply(*blocks: dict[str, Any], stop: str = "tool_use") -> dict[str, Any]:
    return {"stop_reason": stop, "content": list(blocks), "usage": {}}


def test_a_plain_function_model_fixes_calc(calc: Path, sandbox_kw) -> None:
    before = snapshot(calc)
    model = model_of([reply(EDIT_ADD), reply({"type": "text", "text": "done"}, stop="end_turn")])
    result = CodingAgent(model, calc, **sandbox_kw).run("make the failing tests pass")
    assert isinstance(result, RunResult)
    assert result.status == RunStatus.VERIFIED and result.verified
    assert result.model == "my_model" and result.files_changed == ["calc.py"]
    assert result.head_commit and result.branch and result.worktree is None
    assert "return a + b" in git(calc, "show", f"{result.branch}:calc.py")
    assert result.to_dict()["status"] == "verified" and exit_code_for(result) == 0
    assert snapshot(calc) == before


def test_provider_unavailable_keeps_the_work(calc: Path, sandbox_kw) -> None:
    wrong = {**EDIT_ADD, "input": {**EDIT_ADD["input"], "new": "def add(a, b):\n    return 0\n"}}
    model = model_of([reply(wrong), ProviderUnavailable("529 overloaded after 3 tries")])
    result = CodingAgent(model, calc, **sandbox_kw).run()
    assert result.status == RunStatus.PROVIDER_UNAVAILABLE and exit_code_for(result) == 3
    # the work is committed on the branch (WIP), and the summary says why it stopped
    assert result.head_commit and fixloop_branches(calc) == [result.branch]
    assert "529 overloaded" in result.summary
    assert "return 0" in git(calc, "show", f"{result.branch}:calc.py")
    # the gate checked the edit once: the failing tests are the real ones after it
    assert result.verifications == 1 and any("test_add" in t for t in result.failing_tests)


def test_provider_unavailable_after_a_good_edit_is_verified_by_the_tests(
    calc: Path, sandbox_kw
) -> None:
    model = model_of([reply(EDIT_ADD), ProviderUnavailable("529 overloaded after 3 tries")])
    result = CodingAgent(model, calc, **sandbox_kw).run()
    # the model never claimed success; the tests decide (issue 14)
    assert result.status == RunStatus.VERIFIED and exit_code_for(result) == 0
    assert "529 overloaded" in result.stop_reason and "final check" in result.stop_reason
    assert "return a + b" in git(calc, "show", f"{result.branch}:calc.py")


def test_ctrl_c_commits_work_writes_run_end_and_reraises(calc: Path, sandbox_kw) -> None:
    agent = CodingAgent(model_of([reply(EDIT_ADD), KeyboardInterrupt()]), calc, **sandbox_kw)
    with pytest.raises(KeyboardInterrupt):
        agent.run()
    result = agent.result
    assert result is not None and "interrupted" in result.stop_reason
    assert result.head_commit and "fixloop WIP" in git(
        calc, "log", "-1", "--format=%s", result.branch or ""
    )
    last = json.loads(Path(result.trajectory or "").read_text().splitlines()[-1])
    assert last["type"] == "run_end" and "interrupted" in last["stop_reason"]


def test_settings_reach_the_budgets(calc: Path, sandbox_kw) -> None:
    reads = [
        reply({"type": "tool_use", "name": "read_file", "input": {"path": "calc.py"}})
        for _ in range(5)
    ]
    result = CodingAgent(model_of(reads), calc, max_steps=2, **sandbox_kw).run()
    assert result.status == RunStatus.BUDGET_EXHAUSTED and result.steps == 2
    assert exit_code_for(result) == 1 and result.head_commit is None
    assert fixloop_branches(calc) == []  # nothing to keep: no empty branch left behind


def test_bad_setting_is_a_config_error(calc: Path) -> None:
    with pytest.raises(ConfigError):
        CodingAgent(model_of([]), calc, max_steps=0).run()
    assert fixloop_branches(calc) == []


@pytest.mark.parametrize(
    "status, verified, code",
    [
        (RunStatus.VERIFIED, True, 0),
        (RunStatus.NOTHING_TO_FIX, False, 0),
        (RunStatus.NOT_FIXED, False, 1),
        (RunStatus.BUDGET_EXHAUSTED, False, 1),
        (RunStatus.ERROR, False, 1),
        (RunStatus.PROVIDER_UNAVAILABLE, False, 3),
    ],
)
def test_exit_codes(status: RunStatus, verified: bool, code: int) -> None:
    assert exit_code_for(RunResult(status=status, verified=verified)) == code


def test_the_package_exports_the_public_names() -> None:
    import fixloop

    # every name in __all__ resolves, from the module that defines it
    assert set(fixloop.__all__) == set(fixloop._WHERE) | {"__version__"}
    assert fixloop.CodingAgent is CodingAgent and fixloop.RunStatus is RunStatus
    for name in fixloop.__all__:
        assert getattr(fixloop, name) is not None
    with pytest.raises(AttributeError):
        fixloop.no_such_name  # noqa: B018


def test_coding_agent_takes_only_the_settings_it_documents(calc: Path) -> None:
    with pytest.raises(TypeError):
        CodingAgent(model_of([]), calc, timeout_s=10)  # type: ignore[call-arg]
