"""The model's view in the loop (issue 15): the repo map in the first message, the plan repeated
after old tool output is elided, and the new tools counted as steps, with the real Tools."""

from __future__ import annotations

from pathlib import Path

from test_agent_loop import FakeGate, Recorder, Script, end, tool_reply, use

from fixloop.agent import Agent, context
from fixloop.config import BudgetSettings
from fixloop.tools import Caps, Tools
from fixloop.workspace import Workspace

PLAN = {
    "steps": [
        {"step": "read big.py", "status": "in_progress"},
        {"step": "fix it", "status": "pending"},
    ]
}


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "big.py").write_text("".join(f"VALUE_{i} = {i}\n" for i in range(400)))
    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    return tmp_path


def test_plan_survives_elision_and_map_opens_the_run(tmp_path: Path) -> None:
    reads = [
        tool_reply(use("read_file", {"path": "big.py", "start": 1 + 100 * i})) for i in range(4)
    ]
    model = Script([tool_reply(use("update_plan", PLAN)), *reads, end()])
    tools = Tools(Workspace(_repo(tmp_path)), None)
    traj = Recorder()
    agent = Agent(model, tools, FakeGate([True]), BudgetSettings(context_bytes=10_000), traj)
    result = agent.run()
    assert result.verified and result.steps == 6
    first = model.seen[0][0]["content"]
    assert "Repository map (2 Python files" in first and "def add(a, b)" in first
    last = model.seen[-1]
    assert any(
        "elided" in str(b.get("content")) for m in last for b in m["content"] if isinstance(b, dict)
    )
    want = "Your current plan (update_plan) (0/2 done):\n[>] 1. read big.py\n[ ] 2. fix it"
    where = [
        i
        for i, m in enumerate(last)
        for b in m["content"]
        if isinstance(b, dict) and b == {"type": "text", "text": want}
    ]  # sent without bookkeeping keys, once
    assert len(where) == 1
    elided_at = [
        i
        for i, m in enumerate(last)
        for b in m["content"]
        if isinstance(b, dict) and "[elided:" in str(b.get("content"))
    ]
    assert where[0] > max(elided_at)  # after the elided output, in the message of its turn
    calls = [d["name"] for t, d in traj.events if t == "tool_call"]
    assert calls[0] == "update_plan"


def test_repo_map_off_leaves_the_first_message_as_before(tmp_path: Path) -> None:
    model = Script([end()])
    tools = Tools(Workspace(_repo(tmp_path)), None, caps=Caps(repo_map_tokens=0))
    Agent(model, tools, FakeGate([True]), BudgetSettings(), Recorder()).run()
    assert "Repository map" not in model.seen[0][0]["content"]


def test_token_gauge_estimates_then_uses_the_providers_count() -> None:
    g = context.TokenGauge()
    assert g.source == "estimate" and g.count(4_001) == 1_001  # 4 bytes a token, rounded up
    g.observe({"input_tokens": 300, "cache_read_input_tokens": 700, "output_tokens": 5}, 2_000)
    assert g.source == "provider" and g.count(4_000) == 2_000  # 1,000 tokens in 2,000 bytes
    g.observe({"output_tokens": 9}, 2_000)  # no input count: the last one stays
    g.observe(None, 2_000)
    assert g.count(4_000) == 2_000


def test_fit_elides_by_tokens_when_bytes_are_within_their_limit() -> None:
    messages = [{"role": "user", "content": "task"}]
    for i in range(4):
        messages.append({"role": "assistant", "content": [{"type": "tool_use", "id": f"t{i}"}]})
        messages.append(
            {
                "role": "user",
                "content": [{"type": "tool_result", "tool_use_id": f"t{i}", "content": "y" * 4000}],
            }
        )
    g = context.TokenGauge()
    assert context.fit(messages, 1_000_000, tokens=None, gauge=g) == 0
    assert context.fit(messages, 1_000_000, tokens=10_000, gauge=g, overhead=0) == 0  # ~4.2k
    g.observe({"input_tokens": 20_000}, 10_000)  # the provider counts 2 tokens a byte
    elided = context.fit(messages, 1_000_000, tokens=10_000, gauge=g, overhead=0)
    assert elided == 12_000  # 3 of the 3 old results out (the newest stays): ~4.7k bytes
    assert context.size(messages) * 2 <= 10_000


def _reads(input_tokens: int) -> list:
    usage = {"input_tokens": input_tokens, "output_tokens": 10}
    steps = [tool_reply(use("read_file", {"path": "calc.py"}), usage=usage) for _ in range(4)]
    return [*steps, end(usage=usage)]


def test_the_loop_elides_by_the_providers_token_count(tmp_path: Path) -> None:
    notices = {}
    for label, reported in (("few", 1_000), ("many", 60_000)):
        model = Script(_reads(reported))
        tools = Tools(Workspace(_repo(tmp_path)), None)
        traj = Recorder()
        budgets = BudgetSettings(context_tokens=5_000)
        Agent(model, tools, FakeGate([True]), budgets, traj).run()
        notices[label] = [
            d["text"] for t, d in traj.events if t == "notice" and "context:" in d["text"]
        ]
    assert notices["few"] == []  # the provider says the requests are small: nothing elided
    assert notices["many"] and "5000 tokens by the provider's count" in notices["many"][0]
