"""Token counting through the provider (issue 15): Anthropic's ``messages.count_tokens``.

The Anthropic adapter counts a request through the SDK's ``messages.count_tokens`` against the
local fake server's ``/v1/messages/count_tokens`` route (the documented request; ``max_tokens``
would be refused there as by the API), only where the loop's estimate would elide old tool
output. A server without the endpoint (404) is remembered and the estimate serves, silently.
The OpenAI adapter has no such endpoint: the gauge keeps its estimate, calibrated from each
reply's usage.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from fakeproviders import (
    COUNT_PATH,
    FakeProvider,
    anthropic_message,
    ok,
    text,
    tokens_by_bytes,
    tool_use,
)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "agent"))
from test_agent_loop import FakeGate, Recorder  # noqa: E402

from fixloop.agent import Agent, context  # noqa: E402
from fixloop.config import BudgetSettings  # noqa: E402
from fixloop.models.anthropic_model import AnthropicModel  # noqa: E402
from fixloop.tools import Tools  # noqa: E402
from fixloop.workspace import Workspace  # noqa: E402

SYSTEM = "You fix bugs."
TOOLS = [{"name": "read_file", "description": "Read a file.", "input_schema": {"type": "object"}}]
MESSAGES = [{"role": "user", "content": [{"type": "text", "text": "Fix calc.py " * 50}]}]


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


def _model(fp: FakeProvider, **kw: Any) -> AnthropicModel:
    return AnthropicModel(
        "claude-sonnet-5-5",
        env={"ANTHROPIC_API_KEY": "sk-fake"},
        base_url=fp.url,
        max_retries=0,
        **kw,
    )


def test_count_tokens_sends_the_documented_request(fp: FakeProvider) -> None:
    fp.counter = tokens_by_bytes(3)
    model = _model(fp, thinking_budget=2048)
    got = model.count_tokens(SYSTEM, MESSAGES, TOOLS)
    (req,) = fp.requests
    assert req["path"] == COUNT_PATH
    h = req["headers"]  # the key as the SDK sends it (2.x: a bearer token; 0.x: x-api-key)
    assert "sk-fake" in (h.get("x-api-key"), h.get("authorization", "").removeprefix("Bearer "))
    body = req["body"]
    assert got == tokens_by_bytes(3)(body) and got > 100
    assert body["model"] == "claude-sonnet-5-5"
    assert body["system"][0]["text"] == SYSTEM and body["tools"][0]["name"] == "read_file"
    assert body["messages"][0]["content"][0]["text"] == "Fix calc.py " * 50
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert "max_tokens" not in body  # not a parameter of the count (the API refuses it)
    assert (model.count_requests, model.requests) == (1, 0)  # not a model call


def test_a_server_without_the_endpoint_is_asked_once(fp: FakeProvider) -> None:
    model = _model(fp)  # fp.counter is None: 404 not_found_error
    assert model.count_tokens(SYSTEM, MESSAGES, TOOLS) is None
    assert model.count_tokens(SYSTEM, MESSAGES, TOOLS) is None
    assert [r["path"] for r in fp.requests] == [COUNT_PATH]  # remembered: no second request
    assert model.can_count is False


def test_gauge_asks_once_per_fit_and_caches_by_request() -> None:
    asked: list[int] = []

    def counter(sent: list[dict[str, Any]]) -> int:
        asked.append(len(sent))
        return 10  # far fewer tokens than the estimate says

    messages = [{"role": "user", "content": "x" * 40_000}]  # ~10k tokens by the estimate
    g = context.TokenGauge(counter)
    assert context.fit(messages, 1_000_000, tokens=5_000, gauge=g) == 0  # the count says fits
    assert context.fit(messages, 1_000_000, tokens=5_000, gauge=g) == 0
    assert asked == [1] and g.asked == 1  # the same request is counted once
    assert g.source == "provider" and g.count(40_000) < 20


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "big.py").write_text("".join(f"VALUE_{i} = {i}\n" for i in range(600)))
    (tmp_path / "calc.py").write_text("def add(a, b):\n    return a - b\n")
    return tmp_path


def _run(fp: FakeProvider, tmp_path: Path, context_tokens: int) -> tuple[Any, list[str]]:
    """Four reads of big.py then the end; replies report no input tokens (no calibration
    from usage), so only the estimate and the counting endpoint speak."""
    reads = [
        ok(
            anthropic_message(
                [tool_use("read_file", {"path": "big.py", "start": 1 + 150 * i})], input_tokens=0
            )
        )
        for i in range(4)
    ]
    fp.script(*reads, ok(anthropic_message([text("Fixed.")], input_tokens=0)))
    model = _model(fp)
    traj = Recorder()
    budgets = BudgetSettings(context_tokens=context_tokens, context_bytes=10_000_000)
    tools = Tools(Workspace(_repo(tmp_path)), None)
    result = Agent(model, tools, FakeGate([True]), budgets, traj).run()
    assert result.verified
    notices = [d["text"] for t, d in traj.events if t == "notice" and "context:" in d["text"]]
    return model, notices


#: The run's requests (system prompt and tool specs ~9.5 kB, then ~5 kB more a read) come to
#: ~2.5k, 3.7k, 5.0k, 6.3k and 7.3k tokens by the 4-bytes-a-token estimate: the last two pass
#: this limit.
LIMIT = 5_500


def test_the_providers_count_keeps_what_the_estimate_would_elide(
    fp: FakeProvider, tmp_path: Path
) -> None:
    fp.counter = tokens_by_bytes(8)  # half the estimate's tokens: everything fits
    model, notices = _run(fp, tmp_path, LIMIT)
    assert notices == []
    assert model.count_requests >= 1  # asked where the estimate said "over"
    assert model.count_requests < model.requests  # not at every step


def test_the_providers_count_elides_when_the_request_is_over(
    fp: FakeProvider, tmp_path: Path
) -> None:
    fp.counter = tokens_by_bytes(2)  # twice the estimate's tokens
    model, notices = _run(fp, tmp_path, LIMIT)
    assert notices and f"{LIMIT} tokens by the provider's count" in notices[0]
    assert model.count_requests >= 1


def test_without_the_endpoint_the_estimate_elides_silently(
    fp: FakeProvider, tmp_path: Path
) -> None:
    model, notices = _run(fp, tmp_path, LIMIT)  # fp.counter None: 404
    assert notices and f"{LIMIT} tokens by the estimate's count" in notices[0]
    assert [r["path"] for r in fp.requests].count(COUNT_PATH) == 1  # asked once, then never
    assert model.can_count is False
