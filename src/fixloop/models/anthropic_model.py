"""Claude through the Anthropic Messages API (the official ``anthropic`` SDK, non-streaming).

fixloop's internal message format *is* the Messages API's content-block shape, so the adapter
mostly cleans blocks (fixloop-only keys such as ``parse_error`` are never sent) and adds prompt
caching. Wire shapes: https://platform.claude.com/docs/en/api/messages (request and response),
https://platform.claude.com/docs/en/api/errors (errors: 400 ``invalid_request_error``, 401
``authentication_error``, 403 ``permission_error``, 413 ``request_too_large``, 429
``rate_limit_error``, 500 ``api_error``, 529 ``overloaded_error``), and
https://platform.claude.com/docs/en/build-with-claude/prompt-caching (``cache_control``).

Prompt caching: ``cache_control: {"type": "ephemeral"}`` (5-minute TTL) on the system prompt
block, on the last tool definition (so the whole tool list is cached), and on the last block of
the last message (so each call reuses the conversation prefix the previous call wrote). That is
three of the four breakpoints the API allows.

Extended thinking (``thinking_budget``, ``--thinking BUDGET``): ``thinking: {"type": "enabled",
"budget_tokens": B}`` with ``max_tokens`` = B + the output budget, per
https://platform.claude.com/docs/en/build-with-claude/extended-thinking (B >= 1024; thinking
tokens are billed as output and counted in ``output_tokens``). The ``thinking`` and
``redacted_thinking`` blocks of a reply are kept in their place and sent back unchanged (the API
checks their signatures, and answers 400 when they are missing from the last assistant turn that
used tools).

Token counting (:meth:`AnthropicModel.count_tokens`): the API's ``messages.count_tokens``
endpoint, asked by the loop only where its estimate would elide old tool output; every reply's
usage calibrates the estimate for free otherwise (:class:`fixloop.agent.context.TokenGauge`).

Cut replies and refused parameters: see :class:`fixloop.models._common.CallPolicy`.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from fixloop.errors import ConfigError
from fixloop.models._common import (
    CallPolicy,
    ProviderRequestError,
    bare_model_id,
    classify,
    settle_usage,
    unnamed_model_note,
)
from fixloop.models.pricing import load_prices
from fixloop.models.retry import Fault, RetryPolicy

DEFAULT_MODEL = "claude-sonnet-5-5"
KEY_VAR = "ANTHROPIC_API_KEY"
BASE_URL_VAR = "ANTHROPIC_BASE_URL"
MODEL_VAR = "ANTHROPIC_MODEL"
#: The SDK's own default API root, passed explicitly so the SDK never falls back to
#: ``os.environ["ANTHROPIC_BASE_URL"]`` behind the ``env`` the adapter was given.
DEFAULT_BASE_URL = "https://api.anthropic.com"

_EPHEMERAL = {"type": "ephemeral"}
#: Block keys the Messages API accepts, per block type; anything else (fixloop's own
#: ``parse_error``/``raw_input``, trajectory notes) is dropped before sending.
_BLOCK_KEYS = {
    "text": ("type", "text"),
    "tool_use": ("type", "id", "name", "input"),
    "tool_result": ("type", "tool_use_id", "content", "is_error"),
    "thinking": ("type", "thinking", "signature"),
    "redacted_thinking": ("type", "data"),
}
_CACHEABLE = ("text", "tool_result", "tool_use")
_STOP_REASONS = {
    "end_turn": "end_turn",
    "tool_use": "tool_use",
    "max_tokens": "max_tokens",
    "stop_sequence": "end_turn",
    "pause_turn": "end_turn",
    "refusal": "end_turn",
    "model_context_window_exceeded": "max_tokens",
}


#: Seconds a token count may take (:meth:`AnthropicModel.count_tokens`).
COUNT_TIMEOUT_S = 10.0

#: The smallest thinking budget the API accepts (tokens).
MIN_THINKING_BUDGET = 1024
#: Claude models without extended thinking (it came with Claude 3.7 Sonnet).
_NO_THINKING = ("claude-3-5-", "claude-3-opus", "claude-3-sonnet", "claude-3-haiku")


class AnthropicModel(CallPolicy):
    """A fixloop model backed by Claude.

    Calling it (``model(system, messages, tools)``) sends one turn and returns
    ``{"stop_reason": "tool_use"|"end_turn"|"max_tokens", "content": [blocks], "usage":
    {"input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens",
    "cost_usd"}, "model": str}``, plus when they apply ``"provider_stop_reason"`` (a stop reason
    other than the three: ``stop_sequence``/``refusal``/``pause_turn`` -> ``end_turn``,
    ``model_context_window_exceeded`` -> ``max_tokens``), ``"truncated"`` and ``"cut_replies"``
    (a reply cut at the output limit; its tool calls removed) and ``"notices"`` (what the adapter
    changed, for the trajectory). Thinking blocks are kept so they can be sent back. It raises
    ContextTooLong (400 "prompt is too long" or 413; not retried), ProviderAuthError (401/403;
    names ``ANTHROPIC_API_KEY``), ProviderUnavailable (429/5xx/529/drops/timeouts still failing
    after the retries) and ProviderRequestError (other 4xx, with the API's message).

    Args:
        model_name: the Claude model id; default ``$ANTHROPIC_MODEL`` or :data:`DEFAULT_MODEL`.
        env: the environment to read ``ANTHROPIC_API_KEY``, ``ANTHROPIC_BASE_URL`` and
            ``ANTHROPIC_MODEL`` from (the SDK itself is given everything explicitly, so
            ``os.environ`` is not consulted behind the caller's back).
        base_url: the API root (default ``$ANTHROPIC_BASE_URL``, else the SDK's default).
        prices: price overrides (a dict or a JSON file path; see :mod:`fixloop.models.pricing`).
        max_retries: retries after the first attempt for retryable faults.
        max_backoff_s: the largest backoff delay, in seconds.
        base_backoff_s: the first backoff ceiling, in seconds (doubles each retry).
        retry_after_cap_s: the longest server-requested ``Retry-After`` honoured, in seconds.
        timeout_s: the per-request timeout, in seconds.
        max_output_tokens: the output budget of each request (``max_tokens``, plus the thinking
            budget when thinking is on); doubled once for a reply cut inside a tool call, up to
            the model's maximum.
        thinking_budget: tokens of extended thinking per turn (at least 1024), or None for no
            thinking.
        temperature: sent when set and thinking is off (the API takes only the default with
            extended thinking); the attempts of ``--attempts`` set it.
        sleep: the sleep function used between retries (tests record instead of sleeping).
        **_ignored: other settings are accepted and ignored (make_model passes a shared dict).

    Attributes:
        model_name: the model id sent to the API.
        name: ``"anthropic:<model_name>"`` for reports.
        retry: the :class:`RetryPolicy` (its ``sleeps`` list records every delay).
        requests: the number of HTTP requests made so far (attempts, not calls).
        count_requests: token counting requests made so far (:meth:`count_tokens`).
        can_count: False once the server showed it has no counting endpoint.

    Raises:
        ConfigError: no API key and no base URL (the message names ``ANTHROPIC_API_KEY``), a
            malformed price override, or a thinking budget below 1024 or for a Claude model
            without extended thinking.
    """

    def __init__(
        self,
        model_name: str | None = None,
        *,
        env: Mapping[str, str],
        base_url: str | None = None,
        prices: Mapping[str, Any] | str | None = None,
        max_retries: int = 6,
        max_backoff_s: float = 30.0,
        base_backoff_s: float = 1.0,
        retry_after_cap_s: float = 60.0,
        timeout_s: float = 120.0,
        max_output_tokens: int = 4096,
        thinking_budget: int | None = None,
        temperature: float | None = None,
        sleep: Callable[[float], Any] = time.sleep,
        **_ignored: Any,
    ) -> None:
        self.model_name = model_name or env.get(MODEL_VAR) or DEFAULT_MODEL
        self.name = f"anthropic:{self.model_name}"
        self.thinking_budget = _check_thinking(self.model_name, thinking_budget)
        self.temperature = temperature
        self.base_url = base_url or env.get(BASE_URL_VAR) or None
        key = env.get(KEY_VAR)
        if not key:
            if not self.base_url:
                raise ConfigError(
                    f"{KEY_VAR} is not set: export {KEY_VAR}=... to use Claude "
                    "(or choose another --model)"
                    + unnamed_model_note("anthropic", model_name, env, MODEL_VAR, DEFAULT_MODEL)
                )
            key = "placeholder-key"  # a proxy at a custom base URL may not need one
        import anthropic  # the SDK import takes seconds: only after the key check

        self._sdk = anthropic
        self.max_output_tokens = int(max_output_tokens)
        self._init_policy(self.max_output_tokens)
        self.prices = load_prices(prices, env=env)
        self.retry = RetryPolicy(
            max_retries=int(max_retries),
            base_s=float(base_backoff_s),
            cap_s=float(max_backoff_s),
            retry_after_cap_s=float(retry_after_cap_s),
            sleep=sleep,
        )
        self.requests = 0
        self._client = anthropic.Anthropic(
            api_key=key,
            base_url=self.base_url or DEFAULT_BASE_URL,
            timeout=float(timeout_s),
            max_retries=0,
        )
        # token counting: one attempt, a short timeout (the estimate serves when it fails)
        self._counting = self._client.with_options(timeout=COUNT_TIMEOUT_S, max_retries=0)
        self.can_count = True
        self.count_requests = 0
        where = f" at {self.base_url}" if self.base_url else ""
        self._provider = f"Anthropic{where}"
        self._what = f"{self._provider} {self.model_name}"

    # ------------------------------------------------------------------------------------
    def _send(self, kwargs: dict[str, Any]) -> Any:
        self.requests += 1
        return self._client.messages.create(**kwargs)

    def _classify(self, exc: BaseException) -> Fault:
        return classify(exc, sdk=self._sdk, provider=self._provider, key_var=KEY_VAR)

    def _output_cap(self) -> int | None:
        if self.model_max_output is None:
            return None
        return self.model_max_output - (self.thinking_budget or 0)

    # ------------------------------------------------------------------------------------
    def build_request(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The keyword arguments of ``messages.create`` (plain JSON-ready dicts)."""
        kwargs: dict[str, Any] = {
            "model": self.model_name,
            "max_tokens": self.output_budget + (self.thinking_budget or 0),
            "messages": [_clean_message(m) for m in messages],
        }
        if self.thinking_budget:
            kwargs["thinking"] = {"type": "enabled", "budget_tokens": self.thinking_budget}
        elif self.temperature is not None:  # extended thinking takes only the default
            kwargs["temperature"] = self.temperature
        if system:
            kwargs["system"] = [{"type": "text", "text": system, "cache_control": _EPHEMERAL}]
        if tools:
            out_tools = [
                {
                    "name": t["name"],
                    "description": t.get("description", ""),
                    "input_schema": t.get("input_schema") or {"type": "object", "properties": {}},
                }
                for t in tools
            ]
            out_tools[-1]["cache_control"] = _EPHEMERAL
            kwargs["tools"] = out_tools
        _mark_last_block(kwargs["messages"])
        return kwargs

    def count_tokens(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> int | None:
        """Input tokens of the request :meth:`build_request` would send, counted by the API.

        ``POST /v1/messages/count_tokens`` through the SDK's ``messages.count_tokens``
        (https://platform.claude.com/docs/en/build-with-claude/token-counting): the same
        system prompt, messages, tools and thinking setting, no ``max_tokens``; the answer is
        ``{"input_tokens": N}``. The loop asks only where its estimate would elide tool output
        (:class:`fixloop.agent.context.TokenGauge`). One attempt with a short timeout, no
        retries: a count is a refinement, never worth a wait. An endpoint the server does not
        have (404, 405, 501) is remembered and never asked again by this model; any other
        failure gives None this once. Neither is an error: the estimate serves.

        Args:
            system: the system prompt.
            messages: the conversation, as for a call.
            tools: the tool specs, as for a call.

        Returns:
            the tokens, or None (no endpoint, or it failed).
        """
        if not self.can_count:
            return None
        kwargs = self.build_request(system, messages, tools)
        for key in ("max_tokens", "temperature"):  # not parameters of the count
            kwargs.pop(key, None)
        self.count_requests += 1
        try:
            got = self._counting.messages.count_tokens(**kwargs)
        except self._sdk.APIStatusError as exc:
            if exc.status_code in (404, 405, 501):
                self.can_count = False
            return None
        except self._sdk.APIError:  # a dropped connection, a timeout
            return None
        tokens = getattr(got, "input_tokens", None)
        return tokens if isinstance(tokens, int) and tokens > 0 else None

    def parse_reply(self, msg: Any) -> dict[str, Any]:
        """Turn an SDK ``Message`` into fixloop's reply dict (see :meth:`__call__`)."""
        if not hasattr(msg, "content") or not hasattr(msg, "usage"):
            raise ProviderRequestError(
                f"{self._provider}: the response is not a Messages API message "
                f"(got {type(msg).__name__}); is the base URL right?"
            )
        content: list[dict[str, Any]] = []
        for block in msg.content or []:
            btype = getattr(block, "type", None)
            if btype == "text":
                content.append({"type": "text", "text": block.text})
            elif btype == "tool_use":
                inp = block.input if isinstance(block.input, dict) else {}
                out = {"type": "tool_use", "id": block.id, "name": block.name, "input": inp}
                if not isinstance(block.input, dict):
                    out["parse_error"] = "tool input is not a JSON object"
                    out["raw_input"] = repr(block.input)
                content.append(out)
            elif btype in ("thinking", "redacted_thinking"):
                content.append(block.model_dump(mode="json", exclude_none=True))
        u = msg.usage
        usage = {
            "input_tokens": int(getattr(u, "input_tokens", 0) or 0),
            "output_tokens": int(getattr(u, "output_tokens", 0) or 0),
            "cache_read_input_tokens": int(getattr(u, "cache_read_input_tokens", 0) or 0),
            "cache_creation_input_tokens": int(getattr(u, "cache_creation_input_tokens", 0) or 0),
        }
        billed_model = getattr(msg, "model", None) or self.model_name
        settle_usage(usage, (billed_model, self.model_name), self.prices)
        raw_stop = getattr(msg, "stop_reason", None) or "end_turn"
        stop = _STOP_REASONS.get(raw_stop, "end_turn")
        if stop == "end_turn" and any(b["type"] == "tool_use" for b in content):
            stop = "tool_use"  # a cut reply (max_tokens) stays cut: its calls must not run
        reply: dict[str, Any] = {
            "stop_reason": stop,
            "content": content,
            "usage": usage,
            "model": billed_model,
        }
        if raw_stop != stop:
            reply["provider_stop_reason"] = raw_stop
        return reply

    def __repr__(self) -> str:
        return f"AnthropicModel({self.model_name!r}, base_url={self.base_url!r})"


def _check_thinking(model: str, budget: Any) -> int | None:
    """The thinking budget to send, or None; raises ConfigError for a budget the API refuses."""
    if budget is None or budget is False:
        return None
    if isinstance(budget, bool) or not isinstance(budget, int):
        raise ConfigError(f"thinking budget: expected a whole number of tokens, got {budget!r}")
    if budget < MIN_THINKING_BUDGET:
        raise ConfigError(
            f"thinking budget {budget} is below the API's minimum of {MIN_THINKING_BUDGET} tokens"
        )
    if bare_model_id(model).startswith(_NO_THINKING):
        raise ConfigError(f"{model} has no extended thinking (it came with Claude 3.7 Sonnet)")
    return budget


def _clean_block(block: Any) -> Any:
    if not isinstance(block, Mapping):
        return block
    btype = block.get("type")
    keys = _BLOCK_KEYS.get(str(btype))
    if keys is None:
        return {k: v for k, v in block.items() if k not in ("parse_error", "raw_input")}
    out = {k: block[k] for k in keys if k in block and block[k] is not None}
    if btype == "tool_use" and not isinstance(out.get("input"), dict):
        out["input"] = {}
    if btype == "tool_result" and "is_error" in out:
        out["is_error"] = bool(out["is_error"])
    return out


def _clean_message(message: Mapping[str, Any]) -> dict[str, Any]:
    content = message.get("content", "")
    if isinstance(content, list):
        content = [_clean_block(b) for b in content]
    return {"role": message["role"], "content": content}


def _mark_last_block(messages: list[dict[str, Any]]) -> None:
    """Put a cache breakpoint on the last block of the last message (incremental caching)."""
    if not messages:
        return
    last = messages[-1]
    content = last["content"]
    if isinstance(content, str):
        if not content:
            return
        last["content"] = [{"type": "text", "text": content, "cache_control": _EPHEMERAL}]
    elif content and isinstance(content[-1], dict) and content[-1].get("type") in _CACHEABLE:
        content[-1] = {**content[-1], "cache_control": _EPHEMERAL}


__all__ = ["DEFAULT_MODEL", "MIN_THINKING_BUDGET", "AnthropicModel", "ProviderRequestError"]
