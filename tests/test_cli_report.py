"""The final report says only what happened (a newcomer's findings on a released sdist).

Ctrl-C after an edit and a passing test run ends as ``interrupted`` (never a verdict the gate did
not reach); a checkout fixloop cannot write is refused before any work, with exit code 3.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_cli import fake_model, invoke
from test_e2e import default_sandbox_args

pytestmark = pytest.mark.usefixtures("private_home")

EDIT_ADD = {
    "type": "tool_use",
    "id": "e1",
    "name": "edit_file",
    "input": {
        "path": "calc.py",
        "old": "def add(a, b):\n    return a - b\n",
        "new": "def add(a, b):\n    return a + b\n",
    },
}
RUN_TESTS = {"type": "tool_use", "id": "t1", "name": "run_tests", "input": {}}


def scripted(steps: list[Any]) -> Any:
    it = iter(steps)

    def model(system: str, messages: list, tools: list) -> dict[str, Any]:
        step = next(it)
        if isinstance(step, BaseException):
            raise step
        return {"stop_reason": "tool_use", "content": [step], "usage": {}}

    return model


def test_ctrl_c_after_a_passing_test_run_is_interrupted_not_a_verdict(
    calc: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_model(monkeypatch, scripted([EDIT_ADD, RUN_TESTS, KeyboardInterrupt()]))
    res = invoke("fix", str(calc), "--json", *default_sandbox_args())
    assert res.exit_code == 130
    obj = json.loads(res.stdout)
    assert obj["status"] == "interrupted" and obj["verified"] is False
    assert obj["exit_code"] == 130 and obj["test_runs"] == 1
    assert "NOT VERIFIED" not in obj["summary"] and "not_fixed" not in obj["summary"]
    assert obj["summary"].startswith("INTERRUPTED (Ctrl-C): the run stopped before a verdict")
    assert "work-in-progress commit" in obj["summary"]  # the work is kept, as promised
    assert "fixloop: interrupted" in res.stderr  # the box's title
