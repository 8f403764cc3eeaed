"""The Anthropic and OpenAI adapters against a real local server, through the real SDKs.

Request shapes are asserted on the server side (what went over the wire), replies on the
adapter side. Fault handling is in test_provider_faults.py. No network beyond 127.0.0.1, no real
keys.
"""

from __future__ import annotations

import json
import random

import pytest
from fakeproviders import (
    FakeProvider,
    anthropic_message,
    ok,
    openai_completion,
    openai_tool_call,
    text,
    tool_use,
)

from fixloop.errors import ConfigError
from fixloop.models import make_model
from fixloop.models.anthropic_model import AnthropicModel
from fixloop.models.openai_model import OpenAIModel, is_self_hosted, tool_use_block, usage_of
from fixloop.models.pricing import PRICES, Price, cost_usd, load_prices, lookup
from fixloop.models.retry import RetryPolicy, parse_retry_after

TOOLS = [
    {
        "name": "read_file",
        "description": "Read a file.",
        "input_schema": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    },
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
    },
]

#: A conversation after one tool round, including a call whose arguments never parsed.
HISTORY = [
    {"role": "user", "content": "Make the failing tests pass."},
    {
        "role": "assistant",
        "content": [
            {"type": "text", "text": "Reading the module."},
            {"type": "tool_use", "id": "t1", "name": "read_file", "input": {"path": "shop.py"}},
            {
                "type": "tool_use",
                "id": "t2",
                "name": "edit_file",
                "input": {},
                "parse_error": "invalid JSON in tool arguments: Expecting value",
                "raw_input": '{"path": "shop.py", "old": ',
            },
        ],
    },
    {
        "role": "user",
        "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "1: def total(): ..."},
            {
                "type": "tool_result",
                "tool_use_id": "t2",
                "content": "invalid arguments; schema: ...",
                "is_error": True,
            },
        ],
    },
]

FAKE_ANTHROPIC_ENV = {"ANTHROPIC_API_KEY": "sk-ant-fake-key"}
FAKE_OPENAI_ENV = {"OPENAI_API_KEY": "sk-fake-key"}


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


# ----------------------------------------------------------------------------------------
# Anthropic
# ----------------------------------------------------------------------------------------


def test_anthropic_tool_use_round_trip(fp: FakeProvider) -> None:
    fp.script(
        ok(
            anthropic_message(
                [text("Fixing it."), tool_use("edit_file", {"path": "a", "old": "x", "new": "y"})],
                input_tokens=1000,
                output_tokens=50,
                cache_read=4000,
                cache_write=200,
            )
        )
    )
    m = AnthropicModel("claude-sonnet-5-5", env=FAKE_ANTHROPIC_ENV, base_url=fp.url)
    reply = m("You fix tests.", HISTORY, TOOLS)

    # what went over the wire
    assert len(fp.requests) == 1
    req = fp.requests[0]
    assert req["path"] == "/v1/messages"
    # the key travels as the SDK sends it (anthropic 2.x: a bearer token; 0.x: x-api-key)
    h = req["headers"]
    assert "sk-ant-fake-key" in (
        h.get("x-api-key"),
        h.get("authorization", "").removeprefix("Bearer "),
    )
    assert h["anthropic-version"]
    body = req["body"]
    assert body["model"] == "claude-sonnet-5-5"
    assert body["max_tokens"] == 4096
    assert body["system"] == [
        {"type": "text", "text": "You fix tests.", "cache_control": {"type": "ephemeral"}}
    ]
    assert [t["name"] for t in body["tools"]] == ["read_file", "edit_file"]
    assert "cache_control" not in body["tools"][0]
    assert body["tools"][-1]["cache_control"] == {"type": "ephemeral"}
    assert body["tools"][0]["input_schema"] == TOOLS[0]["input_schema"]
    # fixloop-only keys never reach the API; tool results go back as sent
    wire = json.dumps(body["messages"])
    assert "parse_error" not in wire and "raw_input" not in wire
    assistant = body["messages"][1]["content"]
    assert assistant[2] == {"type": "tool_use", "id": "t2", "name": "edit_file", "input": {}}
    results = body["messages"][2]["content"]
    assert results[0] == {
        "type": "tool_result",
        "tool_use_id": "t1",
        "content": "1: def total(): ...",
    }
    assert results[1]["is_error"] is True
    # incremental caching: the last block of the last message is a breakpoint
    assert results[-1]["cache_control"] == {"type": "ephemeral"}
    assert "cache_control" not in results[0]

    # what came back
    assert reply["stop_reason"] == "tool_use"
    assert reply["content"][0] == {"type": "text", "text": "Fixing it."}
    call = reply["content"][1]
    assert call["type"] == "tool_use" and call["name"] == "edit_file"
    assert call["input"] == {"path": "a", "old": "x", "new": "y"}
    u = reply["usage"]
    assert (u["input_tokens"], u["output_tokens"]) == (1000, 50)
    assert (u["cache_read_input_tokens"], u["cache_creation_input_tokens"]) == (4000, 200)
    # Sonnet 5.5: $2 in, $10 out, $0.10 cache read, $2.50 cache write per MTok
    expected = (1000 * 2 + 50 * 10 + 4000 * 0.10 + 200 * 2.5) / 1e6
    assert u["cost_usd"] == pytest.approx(expected)
    assert m.name == "anthropic:claude-sonnet-5-5"


def test_anthropic_end_turn_string_prompt_and_unknown_price(fp: FakeProvider) -> None:
    fp.script(ok(anthropic_message([text("All green.")], model="claude-future-9")))
    m = AnthropicModel("claude-future-9", env=FAKE_ANTHROPIC_ENV, base_url=fp.url)
    reply = m("sys", [{"role": "user", "content": "hello"}], [])
    assert reply["stop_reason"] == "end_turn"
    assert reply["content"] == [{"type": "text", "text": "All green."}]
    # unknown price: $0 with a warning, no crash; --max-cost can tell (has_price)
    assert reply["usage"]["cost_usd"] == 0.0 and reply["usage"]["price_unknown"] is True
    assert "no price known for claude-future-9" in reply["notices"][0]
    assert not m.has_price()
    fp.script(ok(anthropic_message([text("again")], model="claude-future-9")))
    assert "notices" not in m("sys", [{"role": "user", "content": "hello"}], [])  # warned once
    body = fp.requests[0]["body"]
    assert "tools" not in body
    assert body["messages"] == [
        {
            "role": "user",
            "content": [{"type": "text", "text": "hello", "cache_control": {"type": "ephemeral"}}],
        }
    ]


def test_anthropic_stop_reasons_mapped_and_thinking_kept(fp: FakeProvider) -> None:
    thinking = {"type": "thinking", "thinking": "Look at total().", "signature": "sig=="}
    fp.script(
        ok(anthropic_message([text("cut")], stop_reason="model_context_window_exceeded")),
        ok(anthropic_message([thinking, tool_use("read_file", {"path": "a"}, id="t9")])),
    )
    m = AnthropicModel(env=FAKE_ANTHROPIC_ENV, base_url=fp.url)
    r1 = m("s", [{"role": "user", "content": "go"}], TOOLS)
    assert r1["stop_reason"] == "max_tokens"
    assert r1["provider_stop_reason"] == "model_context_window_exceeded"
    r2 = m("s", [{"role": "user", "content": "go"}], TOOLS)
    assert r2["content"][0] == thinking  # kept so it can be sent back with the tool results
    assert r2["stop_reason"] == "tool_use"
    # and sent back as it came
    history = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": r2["content"]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t9", "content": "x"}]},
    ]
    fp.script(ok(anthropic_message([text("done")])))
    m("s", history, TOOLS)
    assert fp.requests[-1]["body"]["messages"][1]["content"][0] == thinking


def test_anthropic_default_model_and_env(fp: FakeProvider) -> None:
    m = AnthropicModel(env={**FAKE_ANTHROPIC_ENV, "ANTHROPIC_BASE_URL": fp.url})
    assert m.model_name == "claude-sonnet-5-5"
    assert m.base_url == fp.url
    m2 = AnthropicModel(env={**FAKE_ANTHROPIC_ENV, "ANTHROPIC_MODEL": "claude-opus-5-5"})
    assert m2.model_name == "claude-opus-5-5"


def test_anthropic_missing_key_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="ANTHROPIC_API_KEY"):
        AnthropicModel(env={})


@pytest.mark.parametrize("kind", ["anthropic", "openai"])
def test_a_spec_with_no_model_name_says_which_model_it_means(kind: str) -> None:
    """``--model anthropic:`` asked for the key and never said that it named no model."""
    cls, default, var = {
        "anthropic": (AnthropicModel, "claude-sonnet-5-5", "ANTHROPIC_MODEL"),
        "openai": (OpenAIModel, "gpt-5.5", "OPENAI_MODEL"),
    }[kind]
    with pytest.raises(ConfigError) as unnamed:
        make_model(f"{kind}:", env={})
    text = str(unnamed.value)
    assert f"{kind.upper()}_API_KEY is not set" in text
    assert f"`--model {kind}:` names no model, so the run would use {default} (the default)" in text
    assert f"name one as {kind}:NAME" in text
    with pytest.raises(ConfigError, match=f"would use team-model \\({var} names it\\)"):
        make_model(kind, env={var: "team-model"})
    with pytest.raises(ConfigError) as named:
        cls("some-model", env={})
    assert "names no model" not in str(named.value)


# ----------------------------------------------------------------------------------------
# OpenAI
# ----------------------------------------------------------------------------------------


def test_openai_tool_use_round_trip(fp: FakeProvider) -> None:
    fp.script(
        ok(
            openai_completion(
                "Editing.",
                [openai_tool_call("edit_file", '{"path": "a", "old": "x", "new": "y"}', id="c1")],
                prompt_tokens=5000,
                completion_tokens=40,
                cached_tokens=4000,
            )
        )
    )
    m = OpenAIModel("gpt-5.5", env=FAKE_OPENAI_ENV, base_url=fp.url + "/v1")
    reply = m("You fix tests.", HISTORY, TOOLS)

    req = fp.requests[0]
    assert req["path"] == "/v1/chat/completions"
    assert req["headers"]["authorization"] == "Bearer sk-fake-key"
    body = req["body"]
    assert body["model"] == "gpt-5.5"
    assert body["max_completion_tokens"] == 4096 and "max_tokens" not in body
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t["description"],
                "parameters": t["input_schema"],
            },
        }
        for t in TOOLS
    ]
    msgs = body["messages"]
    assert msgs[0] == {"role": "system", "content": "You fix tests."}
    assert msgs[1] == {"role": "user", "content": "Make the failing tests pass."}
    assert msgs[2]["role"] == "assistant"
    assert msgs[2]["content"] == "Reading the module."
    calls = msgs[2]["tool_calls"]
    assert calls[0] == {
        "id": "t1",
        "type": "function",
        "function": {"name": "read_file", "arguments": '{"path": "shop.py"}'},
    }
    # the unparsed call goes back exactly as the model wrote it
    assert calls[1]["function"]["arguments"] == '{"path": "shop.py", "old": '
    assert msgs[3] == {"role": "tool", "tool_call_id": "t1", "content": "1: def total(): ..."}
    assert msgs[4]["role"] == "tool" and msgs[4]["tool_call_id"] == "t2"
    assert msgs[4]["content"].startswith("Error: ")
    assert len(msgs) == 5

    assert reply["stop_reason"] == "tool_use"
    assert reply["content"] == [
        {"type": "text", "text": "Editing."},
        {
            "type": "tool_use",
            "id": "c1",
            "name": "edit_file",
            "input": {"path": "a", "old": "x", "new": "y"},
        },
    ]
    u = reply["usage"]
    # prompt_tokens include the cached ones: split so categories never overlap
    assert u["input_tokens"] == 1000 and u["cache_read_input_tokens"] == 4000
    assert u["output_tokens"] == 40 and u["cache_creation_input_tokens"] == 0
    # GPT-5.5: $5 in, $30 out, $0.50 cached per MTok; dated snapshot id falls back to alias
    assert reply["model"] == "gpt-5.5-2026-04-23"
    assert u["cost_usd"] == pytest.approx((1000 * 5 + 40 * 30 + 4000 * 0.5) / 1e6)


def test_openai_finish_reasons(fp: FakeProvider) -> None:
    fp.script(
        ok(openai_completion("partial", finish_reason="length")),
        ok(openai_completion("done", finish_reason="stop")),
        # a local server that says "stop" but carries a tool call
        ok(
            openai_completion(
                None, [openai_tool_call("read_file", '{"path":"a"}')], finish_reason="stop"
            )
        ),
    )
    m = OpenAIModel("gpt-5.5", env=FAKE_OPENAI_ENV, base_url=fp.url + "/v1")
    assert m("s", [{"role": "user", "content": "x"}], TOOLS)["stop_reason"] == "max_tokens"
    assert m("s", [{"role": "user", "content": "x"}], TOOLS)["stop_reason"] == "end_turn"
    r = m("s", [{"role": "user", "content": "x"}], TOOLS)
    assert r["stop_reason"] == "tool_use" and r["content"][0]["input"] == {"path": "a"}


def test_openai_local_server_placeholder_key_max_tokens_and_zero_cost(fp: FakeProvider) -> None:
    fp.script(ok(openai_completion("hi", model="qwen2.5-coder:7b", usage=False)))
    m = OpenAIModel("qwen2.5-coder:7b", env={}, base_url=fp.url + "/v1", local=True)
    reply = m("s", [{"role": "user", "content": "x"}], TOOLS)
    body = fp.requests[0]["body"]
    assert body["max_tokens"] == 4096 and "max_completion_tokens" not in body
    assert fp.requests[0]["headers"]["authorization"] == "Bearer not-needed"
    assert reply["usage"]["input_tokens"] == 0
    assert reply["usage"]["cost_usd"] == 0.0  # self-hosted: free unless priced


def test_openai_hosted_gateway_unpriced_model_costs_unknown() -> None:
    # a paid gateway is not the user's hardware: an unpriced model is "cost unknown", not free
    m = OpenAIModel("some/model", env={"OPENAI_API_KEY": "k"}, base_url="https://gw.example/v1")
    m.local = True
    reply = m.parse_reply(_completion_obj("x", "some/model"))
    assert reply["usage"]["cost_usd"] == 0.0 and reply["usage"]["price_unknown"] is True
    assert not m.self_hosted and not m.has_price()


def _completion_obj(content: str, model: str):
    from openai.types.chat import ChatCompletion

    return ChatCompletion.model_validate(openai_completion(content, model=model))


def test_is_self_hosted() -> None:
    for url in (
        "http://localhost:11434/v1",
        "http://127.0.0.1:8080/v1",
        "http://[::1]:8000/v1",
        "http://192.168.1.20:8000/v1",
        "http://10.0.0.5/v1",
        "http://gpu-box.local:8000/v1",
    ):
        assert is_self_hosted(url), url
    for url in ("https://api.openai.com/v1", "https://openrouter.ai/api/v1", "http://8.8.8.8/v1"):
        assert not is_self_hosted(url), url


def test_base_url_without_key_means_a_local_server() -> None:
    m = OpenAIModel("llama", env={"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})
    assert m.local and m.self_hosted and m.base_url == "http://127.0.0.1:9/v1"
    assert "max_tokens" in m.build_request("s", [], [])


def test_sdk_does_not_read_os_environ_behind_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    a = AnthropicModel(env=FAKE_ANTHROPIC_ENV)
    o = OpenAIModel(env=FAKE_OPENAI_ENV)
    assert a._client.base_url.host == "api.anthropic.com"
    assert o._client.base_url.host == "api.openai.com"


def test_openai_missing_key_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="OPENAI_API_KEY"):
        OpenAIModel("gpt-5.5", env={})


def test_tool_use_block_parsing() -> None:
    assert tool_use_block("c", "f", '{"a": 1}') == {
        "type": "tool_use",
        "id": "c",
        "name": "f",
        "input": {"a": 1},
    }
    bad = tool_use_block("c", "f", '{"a": ')
    assert bad["input"] == {} and bad["raw_input"] == '{"a": '
    assert "invalid JSON" in bad["parse_error"]
    not_obj = tool_use_block("c", "f", "[1, 2]")
    assert not_obj["input"] == {} and "JSON object" in not_obj["parse_error"]
    assert not_obj["raw_input"] == "[1, 2]"
    assert "parse_error" not in tool_use_block("c", "f", "")  # no arguments at all
    assert tool_use_block("c", "f", {"a": 2})["input"] == {"a": 2}


def test_usage_of_handles_missing_usage() -> None:
    assert usage_of(None) == {
        "input_tokens": 0,
        "output_tokens": 0,
        "cache_read_input_tokens": 0,
        "cache_creation_input_tokens": 0,
        "reasoning_tokens": 0,
    }


# ----------------------------------------------------------------------------------------
# make_model
# ----------------------------------------------------------------------------------------


def test_make_model_auto_prefers_anthropic() -> None:
    env = {"ANTHROPIC_API_KEY": "sk-ant-fake", "OPENAI_API_KEY": "sk-fake"}
    choice = make_model("auto", env=env)
    assert isinstance(choice.model, AnthropicModel)
    assert choice.name == "anthropic:claude-sonnet-5-5"
    assert "ANTHROPIC_API_KEY" in choice.reason


def test_make_model_auto_openai_by_key_or_base_url() -> None:
    choice = make_model("auto", env={"OPENAI_API_KEY": "sk-fake"})
    assert isinstance(choice.model, OpenAIModel) and not choice.model.local
    assert "OPENAI_API_KEY" in choice.reason
    choice = make_model("auto", env={"OPENAI_BASE_URL": "http://127.0.0.1:9/v1"})
    assert isinstance(choice.model, OpenAIModel)
    assert choice.model.base_url == "http://127.0.0.1:9/v1"
    assert "OPENAI_BASE_URL" in choice.reason


def test_make_model_auto_falls_back_to_repair() -> None:
    pytest.importorskip("fixloop.models.repair")
    choice = make_model("auto", env={})
    assert choice.name == "repair"
    assert "offline" in choice.reason


def test_make_model_explicit_specs_and_settings() -> None:
    settings = {"max_retries": 2, "max_backoff_s": 5, "timeout_s": 9, "max_output_tokens": 100}
    m = make_model("anthropic:claude-haiku-5-5", env=FAKE_ANTHROPIC_ENV, settings=settings).model
    assert m.model_name == "claude-haiku-5-5"
    assert (m.retry.max_retries, m.retry.cap_s, m.max_output_tokens) == (2, 5.0, 100)
    c = make_model("ollama:qwen2.5-coder", env={})
    assert c.model.local and c.model.base_url == "http://localhost:11434/v1"
    assert c.name == "ollama:qwen2.5-coder"
    c = make_model("openai-compatible:llama@http://127.0.0.1:8080/v1", env={})
    assert c.model.local and c.model.base_url == "http://127.0.0.1:8080/v1"
    assert c.model.model_name == "llama"


# ----------------------------------------------------------------------------------------
# pricing
# ----------------------------------------------------------------------------------------


def test_price_lookup_aliases_and_unknown() -> None:
    assert lookup("claude-sonnet-4-5-20250929") is PRICES["claude-sonnet-4-5"]
    assert lookup("gpt-5-2025-08-07") is PRICES["gpt-5"]
    assert lookup("openai/gpt-4.1") is PRICES["gpt-4.1"]
    assert lookup("no-such-model") is None
    assert cost_usd("no-such-model", {"input_tokens": 10}) is None
    assert cost_usd("gpt-5", {"input_tokens": "junk", "output_tokens": None}) == 0.0


def test_price_long_prompt_tier() -> None:
    haiku = PRICES["claude-haiku-5-5"]
    small = {"input_tokens": 50_000, "output_tokens": 1000}
    assert haiku.cost(small) == pytest.approx((50_000 * 0.10 + 1000 * 0.50) / 1e6)
    big = {"input_tokens": 60_000, "cache_read_input_tokens": 50_000, "output_tokens": 1000}
    assert haiku.cost(big) == pytest.approx((60_000 * 0.5 + 50_000 * 0.05 + 1000 * 2.5) / 1e6)


def test_price_overrides_from_settings_and_file(tmp_path) -> None:
    f = tmp_path / "prices.json"
    f.write_text(json.dumps({"my-local": {"input": 0.5, "output": 1}}))
    table = load_prices(
        {"gpt-5.5": {"input": 1, "output": 2, "cache_read": 0.1}},
        env={"FIXLOOP_PRICES_FILE": str(f)},
    )
    assert table["gpt-5.5"] == Price(1.0, 2.0, 0.1, 1.0, source="user override")
    assert table["my-local"].cache_read == 0.5  # defaults to the input rate
    assert table["claude-opus-5-5"] is PRICES["claude-opus-5-5"]
    assert load_prices(str(f), env={})["my-local"].output == 1.0


@pytest.mark.parametrize(
    "bad",
    [{"m": {"output": 1}}, {"m": {"input": "cheap", "output": 1}}, {"m": 3}],
)
def test_price_override_errors_are_config_errors(bad) -> None:
    with pytest.raises(ConfigError, match="prices"):
        load_prices(bad, env={})


def test_adapter_uses_price_override(fp: FakeProvider) -> None:
    fp.script(ok(openai_completion("x", model="my-model", prompt_tokens=1_000_000)))
    m = OpenAIModel(
        "my-model",
        env=FAKE_OPENAI_ENV,
        base_url=fp.url + "/v1",
        prices={"my-model": {"input": 3, "output": 0}},
    )
    assert m("s", [{"role": "user", "content": "x"}], [])["usage"]["cost_usd"] == pytest.approx(3)


# ----------------------------------------------------------------------------------------
# retry policy (units; the faults through the server are in test_provider_faults.py)
# ----------------------------------------------------------------------------------------


def test_parse_retry_after_forms() -> None:
    assert parse_retry_after({"Retry-After": "1"}) == 1.0
    assert parse_retry_after({"retry-after": "2.5"}) == 2.5
    assert parse_retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    assert (
        parse_retry_after(
            {"retry-after": "Wed, 21 Oct 2015 07:28:10 GMT"}, now=lambda: 1445412480.0
        )
        == 10.0
    )
    assert parse_retry_after({"retry-after": "soon"}) is None
    assert parse_retry_after({"retry-after": "-3"}) is None
    assert parse_retry_after({}) is None and parse_retry_after(None) is None


def test_full_jitter_backoff_is_capped() -> None:
    policy = RetryPolicy(base_s=1.0, cap_s=8.0, rng=random.Random(7))
    for n in range(12):
        ceiling = min(8.0, 2.0**n)
        for _ in range(20):
            d = policy.backoff(n)
            assert 0.0 <= d <= ceiling
    assert policy.backoff(3, retry_after_s=2.0) == 2.0
    assert RetryPolicy(retry_after_cap_s=5).backoff(0, retry_after_s=600) == 5.0
