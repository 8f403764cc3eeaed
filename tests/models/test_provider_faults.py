"""Case 14 (provider faults) through each adapter, against a real local server.

Each provider fault of this kind, scripted on the suite's own fake server
(``tests/fakeproviders.py``), with its expected outcome: 429 with Retry-After honoured; 529
overloaded three times then success; 500 for ever -> ProviderUnavailable after the maximum
attempts with capped sleeps; a connection dropped mid-response retried; 400 context length ->
ContextTooLong with exactly one request; 401 -> ProviderAuthError naming the variable with
exactly one request; invalid tool-argument JSON -> a parse_error block whose usage and cost still
count.

No timed assertions: sleeps go to a recorder (the adapters' injectable ``sleep``), and tests
assert on the recorded delays and on the number of requests the server saw.
"""

from __future__ import annotations

from typing import Any

import pytest
from fakeproviders import (
    FakeProvider,
    anthropic_error,
    anthropic_message,
    delay,
    drop,
    error,
    ok,
    openai_completion,
    openai_error,
    openai_tool_call,
    text,
    tool_use,
)

from fixloop.errors import (
    ContextTooLong,
    EnvironmentFailure,
    FixloopError,
    ProviderAuthError,
    ProviderUnavailable,
)
from fixloop.models._common import ProviderRequestError
from fixloop.models.anthropic_model import AnthropicModel
from fixloop.models.openai_model import OpenAIModel

TOOLS = [
    {
        "name": "read_file",
        "description": "Read a file.",
        "input_schema": {
            "type": "object",
            "properties": {"path": {"type": "string"}},
            "required": ["path"],
        },
    }
]
MESSAGES = [{"role": "user", "content": "Make the failing tests pass."}]


class Flavor:
    """One provider protocol: how to build the adapter and the bodies it speaks."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.key_var = "ANTHROPIC_API_KEY" if kind == "anthropic" else "OPENAI_API_KEY"

    def model(self, fp: FakeProvider, sleeps: list[float], **kw: Any):
        common = {"sleep": sleeps.append, "base_backoff_s": 0.01, "max_backoff_s": 0.05, **kw}
        if self.kind == "anthropic":
            return AnthropicModel(
                "claude-sonnet-5-5",
                env={"ANTHROPIC_API_KEY": "sk-ant-fake"},
                base_url=fp.url,
                **common,
            )
        return OpenAIModel(
            "gpt-5.5", env={"OPENAI_API_KEY": "sk-fake"}, base_url=fp.url + "/v1", **common
        )

    def success(self, **kw: Any) -> dict[str, Any]:
        if self.kind == "anthropic":
            return anthropic_message([text("ok")], **kw)
        return openai_completion("ok", **kw)

    def err(self, status: int, etype: str, message: str, code: str | None = None) -> Any:
        if self.kind == "anthropic":
            return anthropic_error(etype, message)
        return openai_error(message, etype=etype, code=code)

    def overloaded(self) -> tuple[int, Any]:
        if self.kind == "anthropic":
            return 529, anthropic_error("overloaded_error", "Overloaded")
        return 503, openai_error("The server is overloaded", etype="server_error")

    def context_error(self) -> Any:
        if self.kind == "anthropic":
            return anthropic_error(
                "invalid_request_error", "prompt is too long: 208310 tokens > 200000 maximum"
            )
        return openai_error(
            "This model's maximum context length is 128000 tokens. However, your messages "
            "resulted in 140000 tokens. Please reduce the length of the messages.",
            code="context_length_exceeded",
            param="messages",
        )


@pytest.fixture(params=["anthropic", "openai"])
def flavor(request) -> Flavor:
    return Flavor(request.param)


@pytest.fixture
def fp():
    with FakeProvider() as server:
        yield server


def call(model) -> dict[str, Any]:
    return model("You fix tests.", MESSAGES, TOOLS)


# ----------------------------------------------------------------------------------------


def test_429_with_retry_after_is_honoured(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(
        error(
            429, flavor.err(429, "rate_limit_error", "rate limited"), headers={"retry-after": "1"}
        ),
        ok(flavor.success()),
    )
    sleeps: list[float] = []
    reply = call(flavor.model(fp, sleeps))
    assert reply["content"] == [{"type": "text", "text": "ok"}]
    assert len(fp.requests) == 2
    assert sleeps == [1.0]  # the server's delay, not the (tiny) test backoff


def test_retry_after_ms_and_cap(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(
        error(429, flavor.err(429, "rate_limit_error", "x"), headers={"retry-after-ms": "1500"}),
        error(429, flavor.err(429, "rate_limit_error", "x"), headers={"retry-after": "3600"}),
        ok(flavor.success()),
    )
    sleeps: list[float] = []
    call(flavor.model(fp, sleeps, retry_after_cap_s=2.0))
    assert sleeps == [1.5, 2.0]
    assert len(fp.requests) == 3


def test_overloaded_three_times_then_success(flavor: Flavor, fp: FakeProvider) -> None:
    status, body = flavor.overloaded()
    fp.script(error(status, body, times=3), ok(flavor.success()))
    sleeps: list[float] = []
    m = flavor.model(fp, sleeps)
    reply = call(m)
    assert reply["stop_reason"] == "end_turn"
    assert len(fp.requests) == 4 and m.requests == 4
    assert len(sleeps) == 3 and all(0 <= s <= 0.05 for s in sleeps)


def test_500_forever_gives_up_with_capped_sleeps(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(500, flavor.err(500, "api_error", "Internal server error"), times=None))
    sleeps: list[float] = []
    m = flavor.model(fp, sleeps, max_retries=4)
    with pytest.raises(ProviderUnavailable) as info:
        call(m)
    assert not isinstance(info.value, ProviderAuthError)
    assert len(fp.requests) == 5  # the first attempt + 4 retries, then stop
    assert len(sleeps) == 4 and all(0 <= s <= 0.05 for s in sleeps)
    msg = str(info.value)
    assert "5 attempt" in msg and "HTTP 500" in msg and "Internal server error" in msg
    assert info.value.exit_code == 3


def test_dropped_connection_mid_response_is_retried(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(drop(flavor.success(), after_bytes=25), ok(flavor.success()))
    sleeps: list[float] = []
    reply = call(flavor.model(fp, sleeps))
    assert reply["content"][0]["text"] == "ok"
    assert len(fp.requests) == 2 and len(sleeps) == 1


def test_timeout_is_retried(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(delay(2.0, ok(flavor.success())), ok(flavor.success()))
    sleeps: list[float] = []
    reply = call(flavor.model(fp, sleeps, timeout_s=0.3))
    assert reply["content"][0]["text"] == "ok"
    assert len(fp.requests) == 2 and len(sleeps) == 1


def test_connection_refused_gives_up(flavor: Flavor) -> None:
    with FakeProvider() as dead:
        pass  # closed: nothing listens on its port any more
    sleeps: list[float] = []
    m = flavor.model(dead, sleeps, max_retries=2)
    with pytest.raises(ProviderUnavailable, match="3 attempt.*connection failed"):
        call(m)
    assert len(sleeps) == 2


def test_context_length_is_not_retried(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(400, flavor.context_error(), times=None))
    sleeps: list[float] = []
    with pytest.raises(ContextTooLong, match="context window") as info:
        call(flavor.model(fp, sleeps))
    assert len(fp.requests) == 1 and sleeps == []
    assert "128000" in str(info.value) or "200000" in str(info.value)


def test_401_stops_at_once_naming_the_variable(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(401, flavor.err(401, "authentication_error", "invalid x-api-key"), times=None))
    sleeps: list[float] = []
    with pytest.raises(ProviderAuthError, match=flavor.key_var) as info:
        call(flavor.model(fp, sleeps))
    assert len(fp.requests) == 1 and sleeps == []
    assert "invalid x-api-key" in str(info.value)
    assert info.value.exit_code == 3


def test_403_is_an_auth_error_too(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(403, flavor.err(403, "permission_error", "not allowed"), times=None))
    with pytest.raises(ProviderAuthError, match=flavor.key_var):
        call(flavor.model(fp, []))
    assert len(fp.requests) == 1


def test_other_4xx_is_a_clear_error_without_retry(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(404, flavor.err(404, "not_found_error", "model: no-such-model"), times=None))
    with pytest.raises(ProviderRequestError, match="no-such-model") as info:
        call(flavor.model(fp, []))
    assert len(fp.requests) == 1
    assert isinstance(info.value, EnvironmentFailure) and isinstance(info.value, FixloopError)
    assert not isinstance(info.value, ProviderUnavailable)


def test_server_says_do_not_retry(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(
        error(500, flavor.err(500, "api_error", "boom"), headers={"x-should-retry": "false"}),
        ok(flavor.success()),
    )
    with pytest.raises(ProviderUnavailable, match="not to retry"):
        call(flavor.model(fp, []))
    assert len(fp.requests) == 1


def test_non_json_error_body(flavor: Flavor, fp: FakeProvider) -> None:
    fp.script(error(502, "<html>Bad gateway</html>", times=None))
    with pytest.raises(ProviderUnavailable, match="HTTP 502"):
        call(flavor.model(fp, [], max_retries=1))
    assert len(fp.requests) == 2


# ----------------------------------------------------------------------------------------
# Invalid tool-argument JSON (OpenAI-compatible servers; Anthropic always sends an object)
# ----------------------------------------------------------------------------------------


def test_invalid_tool_arguments_become_parse_error_with_usage(fp: FakeProvider) -> None:
    raw = '{"path": "shop.py"'  # cut off
    fp.script(
        ok(
            openai_completion(
                None,
                [openai_tool_call("read_file", raw, id="c1")],
                prompt_tokens=2000,
                completion_tokens=30,
            )
        )
    )
    sleeps: list[float] = []
    m = Flavor("openai").model(fp, sleeps)
    reply = call(m)
    assert len(fp.requests) == 1
    block = reply["content"][0]
    assert block["type"] == "tool_use" and block["id"] == "c1" and block["name"] == "read_file"
    assert block["input"] == {}
    assert block["raw_input"] == raw
    assert "invalid JSON" in block["parse_error"]
    assert reply["stop_reason"] == "tool_use"
    # the call was billed: usage and cost are there
    assert reply["usage"]["input_tokens"] == 2000 and reply["usage"]["output_tokens"] == 30
    assert reply["usage"]["cost_usd"] == pytest.approx((2000 * 5 + 30 * 30) / 1e6)

    # the agent answers with an error result; the history goes back with the raw text
    fp.script(ok(openai_completion("fixed my call")))
    history = MESSAGES + [
        {"role": "assistant", "content": reply["content"]},
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "c1",
                    "content": "Error: invalid arguments",
                    "is_error": True,
                }
            ],
        },
    ]
    m("You fix tests.", history, TOOLS)
    sent = fp.requests[-1]["body"]["messages"]
    assert sent[2]["tool_calls"][0]["function"]["arguments"] == raw
    assert sent[3] == {"role": "tool", "tool_call_id": "c1", "content": "Error: invalid arguments"}


def test_anthropic_reply_with_tool_use_has_usage_and_cost(fp: FakeProvider) -> None:
    fp.script(ok(anthropic_message([tool_use("read_file", {"path": "a"})], output_tokens=7)))
    reply = call(Flavor("anthropic").model(fp, []))
    assert reply["usage"]["output_tokens"] == 7 and reply["usage"]["cost_usd"] > 0
