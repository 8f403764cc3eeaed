"""Issue 14 at the adapter level, through the real SDKs against the local fake server.

Replies cut at the output limit (a cut tool call never comes back as a tool call; one retry with
twice the budget; an honest ``truncated`` reply after that), reasoning models' parameters (chosen
by family; a 400 naming a parameter fixed once and remembered), reasoning tokens in usage and
cost, and thinking blocks sent back unchanged and in order, for both adapters.
"""

from __future__ import annotations

import pytest
from fakeproviders import (
    FakeProvider,
    ThinkingGuard,
    anthropic_error,
    anthropic_message,
    error,
    ok,
    openai_completion,
    openai_error,
    openai_strict_params,
    openai_tool_call,
    text,
    tool_use,
)

from fixloop.errors import ConfigError
from fixloop.models import make_model
from fixloop.models._common import (
    ProviderRequestError,
    bare_model_id,
    max_output_tokens_of,
    merge_usage,
    stated_max_tokens,
)
from fixloop.models.anthropic_model import AnthropicModel
from fixloop.models.openai_model import OpenAIModel, is_reasoning_model
from fixloop.models.pricing import PRICES

TOOLS = [
    {
        "name": "edit_file",
        "description": "Replace one exact match.",
        "input_schema": {
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "old": {"type": "string"},
                "new": {"type": "string"},
            },
            "required": ["path", "old", "new"],
        },
    }
]
ASK = [{"role": "user", "content": "Make the failing tests pass."}]
A_ENV = {"ANTHROPIC_API_KEY": "sk-ant-fake"}
O_ENV = {"OPENAI_API_KEY": "sk-fake"}
BOTH_FUNCS = "def add(a, b):\n    return a - b\n\n\ndef mul(a, b):\n    return a * b\n"
#: A tool call cut in the middle of its "new" string, as a server sends it with finish "length".
CUT_ARGS = (
    '{"path": "calc.py", "old": "def add(a, b):\\n    return a - b\\n\\n\\ndef mul(a, b):\\n'
    '    return a * b\\n", "new": "def add(a, b):\\n    re'
)


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


def _anthropic(fp: FakeProvider, **kw) -> AnthropicModel:
    return AnthropicModel(env=A_ENV, base_url=fp.url, sleep=lambda s: None, **kw)


def _openai(fp: FakeProvider, name: str, **kw) -> OpenAIModel:
    return OpenAIModel(name, env=O_ENV, base_url=fp.url + "/v1", sleep=lambda s: None, **kw)


# -- Anthropic: cut replies ---------------------------------------------------------------------


def test_anthropic_cut_tool_call_is_retried_with_twice_the_budget(fp: FakeProvider) -> None:
    partial = {"path": "calc.py", "old": BOTH_FUNCS, "new": "def add(a, b):\n    return a + b\n"}
    whole = {**partial, "new": partial["new"] + "\n\ndef mul(a, b):\n    return a * b\n"}
    fp.script(
        ok(
            anthropic_message(
                [text("Rewriting."), tool_use("edit_file", partial)],
                stop_reason="max_tokens",
                output_tokens=4096,
            )
        ),
        ok(
            anthropic_message(
                [text("Rewriting."), tool_use("edit_file", whole, id="t2")], output_tokens=4200
            )
        ),
        ok(anthropic_message([text("done")])),
    )
    m = _anthropic(fp)
    reply = m("s", ASK, TOOLS)
    assert [r["body"]["max_tokens"] for r in fp.requests] == [4096, 8192]
    assert reply["stop_reason"] == "tool_use" and "truncated" not in reply
    assert reply["content"][1]["input"] == whole  # the complete call, never the cut one
    assert reply["cut_replies"] == 1 and m.truncated_replies == 1
    # both replies are billed: tokens and cost add up
    assert reply["usage"]["output_tokens"] == 4096 + 4200
    price = PRICES["claude-sonnet-5-5"]
    assert reply["usage"]["cost_usd"] == pytest.approx(
        (200 * price.input + (4096 + 4200) * price.output) / 1e6
    )
    assert "4096" in reply["notices"][0] and "8192" in reply["notices"][0]
    m("s", ASK, TOOLS)  # the larger budget is kept for the run
    assert fp.requests[-1]["body"]["max_tokens"] == 8192


def test_anthropic_cut_twice_ends_honestly_without_the_tool_call(fp: FakeProvider) -> None:
    missing_new = {"path": "calc.py", "old": BOTH_FUNCS}  # the cut fell before "new"
    fp.script(
        ok(
            anthropic_message(
                [text("I will rewrite both."), tool_use("edit_file", missing_new)],
                stop_reason="max_tokens",
            ),
            times=2,
        ),
    )
    m = _anthropic(fp)
    reply = m("s", ASK, TOOLS)
    assert len(fp.requests) == 2
    assert reply["stop_reason"] == "max_tokens"
    assert [b["type"] for b in reply["content"]] == ["text"]  # no tool_use left to run
    cut = reply["truncated"]
    assert cut["output_limit"] == 8192 and cut["cut_replies"] == 2
    assert [d["name"] for d in cut["dropped_tool_calls"]] == ["edit_file"]
    assert "calc.py" in cut["dropped_tool_calls"][0]["partial_input"]
    assert reply["cut_replies"] == 2 and m.truncated_replies == 2


def test_anthropic_cut_at_the_models_maximum_is_not_retried(fp: FakeProvider) -> None:
    fp.script(
        ok(anthropic_message([tool_use("edit_file", {"path": "a"})], stop_reason="max_tokens"))
    )
    m = _anthropic(fp, max_output_tokens=200_000)  # above the model's maximum: capped
    assert m.output_budget == max_output_tokens_of("claude-sonnet-5-5") == 64_000
    reply = m("s", ASK, TOOLS)
    assert len(fp.requests) == 1 and fp.bodies[0]["max_tokens"] == 64_000
    assert reply["stop_reason"] == "max_tokens" and reply["content"] == []
    assert "no larger budget" in reply["notices"][0]


def test_anthropic_server_named_maximum_is_believed(fp: FakeProvider) -> None:
    fp.script(
        ok(anthropic_message([tool_use("edit_file", {"path": "a"})], stop_reason="max_tokens")),
        error(
            400,
            anthropic_error(
                "invalid_request_error",
                "max_tokens: 8192 > 6000, which is the maximum allowed number of output tokens "
                "for claude-sonnet-5-5",
            ),
        ),
        ok(anthropic_message([tool_use("edit_file", {"path": "a", "old": "x", "new": "y"})])),
    )
    m = _anthropic(fp)
    reply = m("s", ASK, TOOLS)
    assert [b["max_tokens"] for b in fp.bodies] == [4096, 8192, 6000]
    assert reply["stop_reason"] == "tool_use" and m.model_max_output == 6000
    assert any("6000" in n for n in reply["notices"])


def test_anthropic_cut_text_is_not_retried_but_marked(fp: FakeProvider) -> None:
    fp.script(ok(anthropic_message([text("The fix is to")], stop_reason="max_tokens")))
    reply = _anthropic(fp)("s", ASK, TOOLS)
    assert len(fp.requests) == 1
    assert reply["stop_reason"] == "max_tokens" and reply["content"] == [text("The fix is to")]
    assert reply["truncated"]["dropped_tool_calls"] == [] and reply["cut_replies"] == 1


def test_anthropic_retry_that_fails_returns_the_cut_reply(fp: FakeProvider) -> None:
    fp.script(
        ok(anthropic_message([tool_use("edit_file", {"path": "a"})], stop_reason="max_tokens")),
        error(
            400,
            anthropic_error(
                "invalid_request_error", "input length and `max_tokens` exceed context limit"
            ),
        ),
    )
    m = _anthropic(fp)
    reply = m("s", ASK, TOOLS)
    assert reply["stop_reason"] == "max_tokens" and reply["content"] == []
    assert "failed" in reply["notices"][-1]
    assert m.output_budget == 4096  # the larger budget did not fit: not kept


# -- Anthropic: thinking ------------------------------------------------------------------------


def test_anthropic_thinking_budget_is_sent(fp: FakeProvider) -> None:
    fp.script(ok(anthropic_message([text("ok")])))
    m = _anthropic(fp, thinking_budget=2048)
    m("s", ASK, TOOLS)
    body = fp.bodies[0]
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert body["max_tokens"] == 4096 + 2048 and "temperature" not in body


def test_anthropic_thinking_budget_is_checked() -> None:
    with pytest.raises(ConfigError, match="minimum of 1024"):
        AnthropicModel(env=A_ENV, thinking_budget=500)
    with pytest.raises(ConfigError, match="no extended thinking"):
        AnthropicModel("claude-3-5-haiku-20241022", env=A_ENV, thinking_budget=2048)
    with pytest.raises(ConfigError, match="whole number"):
        AnthropicModel(env=A_ENV, thinking_budget=True)
    m = make_model("anthropic:claude-opus-5-5", env=A_ENV, settings={"thinking_budget": 4096})
    assert m.model.thinking_budget == 4096


def test_anthropic_thinking_blocks_go_back_unchanged_and_in_order(fp: FakeProvider) -> None:
    thinking = {"type": "thinking", "thinking": "add() subtracts.", "signature": "c2lnMQ=="}
    redacted = {"type": "redacted_thinking", "data": "EmwKAhgBEgy3va3pzix/LafPsn4a"}
    call = tool_use("edit_file", {"path": "calc.py", "old": "a - b", "new": "a + b"}, id="tu1")
    guard = ThinkingGuard(
        [
            anthropic_message([thinking, redacted, text("Fixing."), call]),
            anthropic_message([text("done")]),
        ]
    )
    fp.script(guard.step())
    m = _anthropic(fp, thinking_budget=1024)
    first = m("s", ASK, TOOLS)
    assert [b["type"] for b in first["content"]] == [
        "thinking",
        "redacted_thinking",
        "text",
        "tool_use",
    ]
    history = [
        *ASK,
        {"role": "assistant", "content": first["content"]},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": "tu1", "content": "Edited calc.py"}],
        },
    ]
    assert m("s", history, TOOLS)["content"] == [text("done")]
    assert guard.refusals == []
    sent = fp.bodies[1]["messages"][1]["content"]
    assert sent[0] == thinking and sent[1] == redacted
    # the guard does refuse a turn that lost its thinking: the check can fail
    guard.replies.append(anthropic_message([text("again")]))
    with pytest.raises(ProviderRequestError, match="thinking blocks"):
        m("s", [*ASK, {"role": "assistant", "content": first["content"][2:]}, history[2]], TOOLS)


def test_anthropic_refused_thinking_parameter_is_dropped_once(fp: FakeProvider) -> None:
    fp.script(
        error(
            400,
            anthropic_error("invalid_request_error", "thinking: Extra inputs are not permitted"),
        ),
        ok(anthropic_message([text("ok")])),
        ok(anthropic_message([text("ok again")])),
    )
    m = _anthropic(fp, thinking_budget=2048)
    reply = m("s", ASK, TOOLS)
    assert "thinking" in fp.bodies[0] and "thinking" not in fp.bodies[1]
    assert reply["notices"] == ["left out thinking: thinking: Extra inputs are not permitted"]
    m("s", ASK, TOOLS)
    assert "thinking" not in fp.bodies[2] and len(fp.requests) == 3


# -- OpenAI: cut replies ------------------------------------------------------------------------


def test_openai_length_cut_tool_call_never_comes_back_as_a_call(fp: FakeProvider) -> None:
    cut = openai_completion(
        None,
        [openai_tool_call("edit_file", CUT_ARGS)],
        finish_reason="length",
        model="qwen2.5-coder",
        completion_tokens=4096,
    )
    fp.script(ok(cut, times=2))
    m = OpenAIModel("qwen2.5-coder", env={}, base_url=fp.url + "/v1", local=True)
    reply = m("s", ASK, TOOLS)
    assert [b["max_tokens"] for b in fp.bodies] == [4096, 8192]
    assert reply["stop_reason"] == "max_tokens" and reply["content"] == []
    dropped = reply["truncated"]["dropped_tool_calls"]
    assert dropped[0]["name"] == "edit_file" and dropped[0]["partial_input"].startswith('{"path"')
    assert reply["usage"]["output_tokens"] == 2 * 4096  # both billed
    assert m.truncated_replies == 2


def test_openai_length_then_complete_returns_the_complete_call(fp: FakeProvider) -> None:
    good = '{"path": "calc.py", "old": "a - b", "new": "a + b"}'
    fp.script(
        ok(
            openai_completion(
                None, [openai_tool_call("edit_file", CUT_ARGS)], finish_reason="length"
            )
        ),
        ok(openai_completion(None, [openai_tool_call("edit_file", good)])),
    )
    m = _openai(fp, "gpt-5.5")
    reply = m("s", ASK, TOOLS)
    assert [b["max_completion_tokens"] for b in fp.bodies] == [4096, 8192]
    assert reply["stop_reason"] == "tool_use" and reply["cut_replies"] == 1
    assert reply["content"][0]["input"] == {"path": "calc.py", "old": "a - b", "new": "a + b"}


def test_openai_reasoning_spent_the_budget_thinking_is_retried(fp: FakeProvider) -> None:
    fp.script(
        ok(
            openai_completion(
                None, finish_reason="length", completion_tokens=4096, reasoning_tokens=4096
            )
        ),
        ok(openai_completion("done", completion_tokens=5000, reasoning_tokens=4900)),
    )
    reply = _openai(fp, "o4-mini")("s", ASK, TOOLS)
    assert len(fp.requests) == 2 and reply["stop_reason"] == "end_turn"
    assert reply["usage"]["reasoning_tokens"] == 4096 + 4900


# -- OpenAI: reasoning models' parameters ------------------------------------------------------


def test_reasoning_family_by_name() -> None:
    for name in ("gpt-5.4", "gpt-5-mini", "o4-mini", "o3", "openai/gpt-5.5", "o1-2024-12-17"):
        assert is_reasoning_model(name), name
    for name in ("gpt-4.1", "gpt-4o", "gpt-5-chat-latest", "qwen2.5-coder:14b", "omni"):
        assert not is_reasoning_model(name), name


def test_gateway_serving_a_reasoning_model_gets_max_completion_tokens(fp: FakeProvider) -> None:
    fp.script(openai_strict_params(openai_completion("ok", model="gpt-5.4")))
    m = OpenAIModel("gpt-5.4", env=O_ENV, base_url=fp.url + "/v1", local=True, temperature=0.2)
    m("s", ASK, TOOLS)
    body = fp.bodies[0]
    assert len(fp.requests) == 1
    assert body["max_completion_tokens"] == 4096
    assert "max_tokens" not in body and "temperature" not in body


def test_non_reasoning_model_keeps_max_tokens_and_temperature(fp: FakeProvider) -> None:
    fp.script(ok(openai_completion("ok", model="qwen2.5-coder")))
    m = OpenAIModel("qwen2.5-coder", env={}, base_url=fp.url + "/v1", local=True, temperature=0.2)
    m("s", ASK, TOOLS)
    assert fp.bodies[0]["max_tokens"] == 4096 and fp.bodies[0]["temperature"] == 0.2


def test_unsupported_max_tokens_is_replaced_once_and_remembered(fp: FakeProvider) -> None:
    # an Azure-style deployment name hides the reasoning model behind it
    fp.script(openai_strict_params(openai_completion("one"), openai_completion("two")))
    m = OpenAIModel("my-deployment", env=O_ENV, base_url=fp.url + "/v1", local=True)
    reply = m("s", ASK, TOOLS)
    assert [sorted(k for k in b if "max" in k) for b in fp.bodies] == [
        ["max_tokens"],
        ["max_completion_tokens"],
    ]
    assert reply["notices"][0].startswith("sent max_completion_tokens instead of max_tokens")
    assert m("s", ASK, TOOLS)["content"] == [text("two")]
    assert len(fp.requests) == 3  # the next call goes right the first time
    assert "max_tokens" in m.param_fixes


def test_unsupported_temperature_is_left_out(fp: FakeProvider) -> None:
    fp.script(openai_strict_params(openai_completion("ok")))
    m = OpenAIModel("my-deployment", env=O_ENV, base_url=fp.url + "/v1", temperature=0.0)
    reply = m("s", ASK, TOOLS)
    assert fp.bodies[0]["temperature"] == 0.0 and "temperature" not in fp.bodies[1]
    assert reply["notices"][0].startswith("left out temperature")


def test_server_without_max_completion_tokens_gets_max_tokens(fp: FakeProvider) -> None:
    fp.script(
        error(400, openai_error("Unrecognized request argument supplied: max_completion_tokens")),
        ok(openai_completion("ok")),
    )
    reply = _openai(fp, "gpt-4.1")("s", ASK, TOOLS)
    assert "max_completion_tokens" in fp.bodies[0] and fp.bodies[1]["max_tokens"] == 4096
    assert "instead of max_completion_tokens" in reply["notices"][0]


def test_a_parameter_refused_twice_ends_the_call(fp: FakeProvider) -> None:
    fp.script(
        error(
            400,
            openai_error(
                "Unsupported parameter: 'max_tokens' is not supported with this model. "
                "Use 'max_completion_tokens' instead.",
                code="unsupported_parameter",
                param="max_tokens",
            ),
        ),
        error(400, openai_error("Unrecognized request argument supplied: max_completion_tokens")),
    )
    m = OpenAIModel("edge", env=O_ENV, base_url=fp.url + "/v1", local=True)
    with pytest.raises(ProviderRequestError, match="already retried once"):
        m("s", ASK, TOOLS)
    assert len(fp.requests) == 2


def test_other_400s_are_not_taken_for_a_parameter(fp: FakeProvider) -> None:
    fp.script(error(400, openai_error("messages[1]: tool_call ids do not match")))
    with pytest.raises(ProviderRequestError, match="tool_call ids"):
        _openai(fp, "gpt-5.5")("s", ASK, TOOLS)
    assert len(fp.requests) == 1


# -- reasoning tokens in usage and cost ---------------------------------------------------------


def test_reasoning_tokens_inside_completion_are_counted_once(fp: FakeProvider) -> None:
    fp.script(
        ok(
            openai_completion(
                "ok",
                model="o4-mini",
                prompt_tokens=1000,
                completion_tokens=500,
                reasoning_tokens=300,
            )
        )
    )
    usage = _openai(fp, "o4-mini")("s", ASK, TOOLS)["usage"]
    assert usage["output_tokens"] == 500 and usage["reasoning_tokens"] == 300
    p = PRICES["o4-mini"]
    assert usage["cost_usd"] == pytest.approx((1000 * p.input + 500 * p.output) / 1e6)


def test_reasoning_tokens_reported_outside_completion_are_billed(fp: FakeProvider) -> None:
    fp.script(
        ok(
            openai_completion(
                "ok",
                model="o4-mini",
                prompt_tokens=1000,
                completion_tokens=200,
                reasoning_tokens=300,
                reasoning_outside=True,
            )
        )
    )
    usage = _openai(fp, "o4-mini")("s", ASK, TOOLS)["usage"]
    assert usage["output_tokens"] == 500 and usage["reasoning_tokens"] == 300
    p = PRICES["o4-mini"]
    assert usage["cost_usd"] == pytest.approx((1000 * p.input + 500 * p.output) / 1e6)


# -- pure helpers -------------------------------------------------------------------------------


def test_model_ids_and_output_maximums() -> None:
    assert bare_model_id("us.anthropic.claude-sonnet-5-5-20261001-v1:0") == (
        "claude-sonnet-5-5-20261001"
    )
    assert bare_model_id("claude-sonnet-5-5@20261001") == "claude-sonnet-5-5"
    assert bare_model_id("anthropic/claude-sonnet-5.5") == "claude-sonnet-5.5"
    assert max_output_tokens_of("claude-3-5-haiku-20241022") == 8_192
    assert max_output_tokens_of("claude-opus-4-1") == 32_000
    assert max_output_tokens_of("gpt-4.1-mini") == 32_768
    assert max_output_tokens_of("qwen2.5-coder") is None
    assert stated_max_tokens("at most 128000 completion tokens, whereas you provided 200000") == (
        128_000
    )
    assert stated_max_tokens("rate limited") is None
    assert merge_usage(
        {"output_tokens": 1, "cost_usd": 0.5}, {"output_tokens": 2, "cost_usd": None}
    ) == {
        "output_tokens": 3,
        "cost_usd": None,
    }
