"""The update_plan tool (tools/plan.py), its schema check, and the plan kept in view after an
elision of old tool output (agent/context.remind through the loop)."""

from __future__ import annotations

from pathlib import Path

from fixloop.agent import context
from fixloop.tools import Tools
from fixloop.workspace import Workspace

STEPS = [
    {"step": "read the failing test", "status": "done"},
    {"step": "fix  add_tax's\nrounding", "status": "in_progress"},
    {"step": "run the tests", "status": "pending"},
]


def test_update_plan_shows_and_keeps_the_plan(tmp_path: Path) -> None:
    t = Tools(Workspace(tmp_path), None)
    assert t.standing() == ""
    res = t.call("update_plan", {"steps": STEPS})
    assert res.kind == "ok" and not res.is_error
    assert res.content.splitlines() == [
        "Plan updated (1/3 done):",
        "[x] 1. read the failing test",
        "[>] 2. fix add_tax's rounding",
        "[ ] 3. run the tests",
    ]
    assert t.standing().startswith("Your current plan (update_plan) (1/3 done):\n[x] 1.")
    assert t.changed == [] and t.plan.updates == 1  # a plan changes no file


def test_update_plan_bad_input_leaves_the_plan_unchanged(tmp_path: Path) -> None:
    t = Tools(Workspace(tmp_path), None)
    t.call("update_plan", {"steps": STEPS})
    bad = {
        "two in progress": [{"step": "a", "status": "in_progress"}] * 2,
        "unknown status": [{"step": "a", "status": "blocked"}],
        "not a list": "do it",
        "missing key": [{"step": "a"}],
        "extra key": [{"step": "a", "status": "done", "owner": "me"}],
        "empty step": [{"step": "  ", "status": "done"}],
        "too long": [{"step": "x" * 301, "status": "done"}],
        "too many": [{"step": str(i), "status": "pending"} for i in range(21)],
    }
    for why, steps in bad.items():
        res = t.call("update_plan", {"steps": steps})
        assert res.is_error and res.kind == "invalid_args", why
        assert t.plan.updates == 1 and t.plan.steps[0]["step"] == "read the failing test", why
    assert (
        "must be one of pending, in_progress, done"
        in t.call("update_plan", {"steps": bad["unknown status"]}).content
    )


def test_remind_repeats_the_plan_once_at_the_end_and_survives_elision() -> None:
    first = {"role": "user", "content": "Task ... Repository map (3 Python files ...)"}
    messages = [first]
    for i in range(6):
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}"}]})
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": "x" * 5000}],
            }
        )
    assert context.fit(messages, 15_000) > 0
    assert messages[0] is first and "Repository map" in first["content"]  # never elided
    assert context.remind(messages, "Your current plan (update_plan) (0/1 done):\n[ ] 1. fix")
    assert context.remind(messages, "Your current plan (update_plan) (1/1 done):\n[x] 1. fix")
    standing = [
        b for m in messages for b in m["content"] if isinstance(b, dict) and b.get("_standing")
    ]
    assert len(standing) == 1 and "(1/1 done)" in standing[0]["text"]
    assert standing[0] is messages[-1]["content"][-1]
    wire = context.wire(messages)
    assert all(
        "_standing" not in b for m in wire if isinstance(m["content"], list) for b in m["content"]
    )
