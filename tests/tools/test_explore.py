"""``explore(question)``: a helper loop with the same model, read-only tools, a fresh context.

End to end through the Python API on a copy of examples/calc with one scripted model: its
replies serve the main loop and, while ``explore`` runs, the helper loop (the same model).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from test_e2e import default_sandbox_args

from fixloop.api import CodingAgent
from fixloop.models.scripted import ScriptedModel
from fixloop.trajectory import read_trajectory

FIX = {
    "type": "tool_use",
    "name": "edit_file",
    "input": {
        "path": "calc.py",
        "old": "def add(a, b):\n    return a - b\n",
        "new": "def add(a, b):\n    return a + b\n",
    },
}


def use(name: str, **inp: Any) -> dict[str, Any]:
    return {"type": "tool_use", "name": name, "input": inp}


def reply(*blocks: dict[str, Any], tokens: int = 100) -> dict[str, Any]:
    stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
    return {
        "stop_reason": stop,
        "content": list(blocks),
        "usage": {"input_tokens": tokens, "output_tokens": 10, "cost_usd": 0.01},
    }


def text(t: str) -> dict[str, Any]:
    return {"type": "text", "text": t}


pytestmark = pytest.mark.usefixtures("private_home")


def sandbox_kw() -> dict[str, Any]:
    args = default_sandbox_args()
    return {"sandbox": "none", "allow_unsandboxed": True} if "none" in args else {}


def test_explore_answers_with_a_summary_from_a_fresh_read_only_context(calc: Path) -> None:
    model = ScriptedModel(
        [
            reply(use("explore", question="Where is add defined?")),  # main step 1
            reply(use("search_code", pattern="def add")),  # helper step 1
            reply(use("edit_file", path="calc.py", old="a", new="b")),  # helper: not allowed
            reply(text("add is defined in calc.py line 4 and subtracts.")),  # helper answer
            reply(FIX),  # main step 2
            reply(text("add used the wrong operator.")),  # main step 3
        ]
    )
    result = CodingAgent(model, calc, **sandbox_kw()).run()
    assert result.verified, result.summary
    assert result.steps == 3  # the helper's calls are not main steps
    # tokens and cost of all six replies count (three of them the helper's)
    assert result.usage.input_tokens == 600 and result.usage.cost_usd == pytest.approx(0.06)
    main_tools = {t["name"] for t in model.requests[0][2]}
    assert {"explore", "edit_file", "run_tests"} <= main_tools
    system, messages, tools = model.requests[1]  # the helper's first call
    assert {t["name"] for t in tools} <= {"list_files", "read_file", "search_code", "repo_map"}
    assert {"list_files", "read_file", "search_code"} <= {t["name"] for t in tools}
    assert "code explorer" in system
    assert messages == [
        {"role": "user", "content": [{"type": "text", "text": "Question: Where is add defined?"}]}
    ]
    events = read_trajectory(Path(str(result.trajectory)))
    explore = [e for e in events if e["type"] == "explore"]
    assert len(explore) == 1
    ev = explore[0]
    assert ev["step"] == 1 and ev["question"] == "Where is add defined?"
    assert [c["name"] for c in ev["calls"]] == ["search_code", "edit_file"]
    assert "calc.py:4" in ev["calls"][0]["result"] and ev["calls"][1]["is_error"]
    assert ev["usage"]["input_tokens"] == 300 and ev["ended"] == "answered"
    answer = next(e for e in events if e["type"] == "tool_result" and e["name"] == "explore")
    assert "add is defined in calc.py line 4" in answer["content"] and not answer["is_error"]
    assert "return a - b" in (calc / "calc.py").read_text()  # the helper changed nothing
    show = subprocess.run(
        [sys.executable, "-m", "fixloop", "show", str(result.trajectory)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "explore (step 1): Where is add defined?" in show
    assert "1. search_code" in show and "summary: add is defined in calc.py line 4" in show


def test_the_helpers_tokens_count_toward_the_runs_budget(calc: Path) -> None:
    model = ScriptedModel(
        [
            reply(use("explore", question="What does calc do?")),
            reply(use("read_file", path="calc.py"), tokens=500),
            reply(text("four arithmetic helpers"), tokens=500),
            reply(FIX),
            reply(text("fixed")),
        ]
    )
    result = CodingAgent(model, calc, max_tokens=1000, **sandbox_kw()).run()
    assert result.status.value == "budget_exhausted"
    assert "token budget used up" in result.stop_reason
    assert result.steps == 1 and model.calls == 3


def test_a_helper_without_a_summary_is_an_error_result(calc: Path) -> None:
    from fixloop.tools.explore import EXPLORE_STEPS

    helper = [reply(use("list_files")) for _ in range(EXPLORE_STEPS)]
    model = ScriptedModel(
        [reply(use("explore", question="Anything?")), *helper, reply(text("CANNOT FIX: no"))]
    )
    result = CodingAgent(model, calc, **sandbox_kw()).run()
    events = read_trajectory(Path(str(result.trajectory)))
    answer = next(e for e in events if e["type"] == "tool_result" and e["name"] == "explore")
    assert answer["is_error"] and answer["kind"] == "explore_failed"
    assert f"no summary after {EXPLORE_STEPS} steps" in answer["content"]
    # the last helper call was told it was the last
    last_messages = model.requests[EXPLORE_STEPS][1]
    assert "This is your last step" in str(last_messages[-1]["content"])
