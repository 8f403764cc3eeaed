"""OpenAI and OpenAI-compatible servers via Chat Completions (the ``openai`` SDK, non-streaming).

fixloop speaks Anthropic's content-block shape inside; this adapter translates at the edge
(wire shapes: https://platform.openai.com/docs/api-reference/chat/create and the function-calling
guide):

- tools ``{"name", "description", "input_schema"}`` -> ``{"type": "function", "function":
  {"name", "description", "parameters"}}``;
- an assistant message's ``tool_use`` blocks -> ``tool_calls`` ``[{"id", "type": "function",
  "function": {"name", "arguments": <JSON text>}}]`` (a call whose arguments never parsed is sent
  back with its original ``raw_input`` text, so the model sees what it wrote);
- a user message's ``tool_result`` blocks -> one ``{"role": "tool", "tool_call_id", "content"}``
  message each (placed first, since they must follow the assistant's tool calls), then any text
  as a ``user`` message;
- the reply's ``finish_reason`` ``tool_calls``/``stop``/``length`` -> ``tool_use``/``end_turn``/
  ``max_tokens`` (a reply that carries tool calls is ``tool_use`` whatever its finish reason:
  some local servers say ``stop``);
- tool arguments that are not a JSON object -> a ``tool_use`` block with ``"input": {}``,
  ``"parse_error"`` (the JSON error) and ``"raw_input"`` (the text), which the agent answers with
  an error showing the tool's schema; the reply's usage and cost are kept all the same.

Usage: ``prompt_tokens`` includes cached tokens on OpenAI, so ``input_tokens`` is
``prompt_tokens - cached_tokens - cache_write_tokens`` and the cached part is reported as
``cache_read_input_tokens`` (and explicit cache writes as ``cache_creation_input_tokens``).

Reasoning tokens (``completion_tokens_details.reasoning_tokens``) are billed as output: they are
reported as ``reasoning_tokens`` and are part of ``output_tokens`` (OpenAI counts them inside
``completion_tokens``; a server whose ``total_tokens`` shows them outside is believed and they
are added).

The output limit is chosen by model family: OpenAI's reasoning models (o1, o3, o4-mini and later
o-series, the gpt-5 family) take ``max_completion_tokens`` and only the default temperature, on
OpenAI and behind any gateway (https://platform.openai.com/docs/guides/reasoning); other models
on servers other than OpenAI (``local=True``: ``openai-compatible:NAME@URL``, ``ollama:NAME``, or
an ``OPENAI_BASE_URL`` with no ``OPENAI_API_KEY``) get ``max_tokens``, which every such server
knows, and a placeholder key when none is set. A 400 naming a parameter is fixed once and
remembered (see :class:`fixloop.models._common.CallPolicy`), as are replies cut at the limit. A model with no configured price costs 0.0
on a self-hosted server (a loopback, private-network or ``.local`` address: the user's own
hardware) and is "unknown" (None) elsewhere, since a hosted gateway bills.
"""

from __future__ import annotations

import itertools
import json
import re
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
    text_of,
    unnamed_model_note,
)
from fixloop.models.pricing import load_prices
from fixloop.models.retry import Fault, RetryPolicy

DEFAULT_MODEL = "gpt-5.5"
KEY_VAR = "OPENAI_API_KEY"
BASE_URL_VAR = "OPENAI_BASE_URL"
MODEL_VAR = "OPENAI_MODEL"
#: OpenAI's API root, passed explicitly so the SDK never falls back to
#: ``os.environ["OPENAI_BASE_URL"]`` behind the ``env`` the adapter was given.
DEFAULT_BASE_URL = "https://api.openai.com/v1"
LOCAL_PLACEHOLDER_KEY = "not-needed"

_FINISH = {
    "tool_calls": "tool_use",
    "function_call": "tool_use",
    "stop": "end_turn",
    "length": "max_tokens",
    "content_filter": "end_turn",
}


_REASONING = re.compile(r"^(?:o\d+(?:-|$)|gpt-5(?!(?:\.\d+)?-chat))")


def is_reasoning_model(model: str) -> bool:
    """True for OpenAI's reasoning families.

    o1, o3, o4-mini..., gpt-5 and later gpt-5.x, but not the ``-chat`` variants, whatever router
    prefix or version suffix the id carries: they take ``max_completion_tokens`` and only the
    default temperature.
    """
    return bool(_REASONING.match(bare_model_id(model)))


class OpenAIModel(CallPolicy):
    """A fixloop model backed by OpenAI or an OpenAI-compatible server.

    Calling it (``model(system, messages, tools)``) translates the conversation, sends one turn
    and returns ``{"stop_reason", "content", "usage": {"input_tokens", "output_tokens",
    "cache_read_input_tokens", "cache_creation_input_tokens", "reasoning_tokens", "cost_usd"},
    "model"}`` plus, when they apply, ``"truncated"``/``"cut_replies"`` (cut at the output
    limit; tool calls removed) and ``"notices"`` (what the adapter changed). See the module
    docstring for the translation and the ``parse_error`` convention. It raises ContextTooLong
    (``context_length_exceeded`` or a server's equivalent wording; not retried),
    ProviderAuthError (401/403; names ``OPENAI_API_KEY``), ProviderUnavailable (429/5xx/drops/
    timeouts still failing after the retries), ProviderRequestError (other 4xx).

    Args:
        model_name: the model id; default ``$OPENAI_MODEL`` or :data:`DEFAULT_MODEL`.
        env: the environment to read ``OPENAI_API_KEY``, ``OPENAI_BASE_URL`` and
            ``OPENAI_MODEL`` from (the SDK is given everything explicitly).
        base_url: the API root, e.g. ``http://localhost:11434/v1`` (default
            ``$OPENAI_BASE_URL``, else OpenAI's).
        local: True for a server other than OpenAI (Ollama, vLLM, llama.cpp, LM Studio, a
            gateway): a placeholder key is used when ``OPENAI_API_KEY`` is unset, and ``max_tokens``
            is sent. Also implied by a base URL with no key.
        prices: price overrides (a dict or a JSON file path; see :mod:`fixloop.models.pricing`).
        max_retries: retries after the first attempt for retryable faults.
        max_backoff_s: the largest backoff delay, in seconds.
        base_backoff_s: the first backoff ceiling, in seconds (doubles each retry).
        retry_after_cap_s: the longest server-requested ``Retry-After`` honoured, in seconds.
        timeout_s: the per-request timeout, in seconds.
        max_output_tokens: the output cap of each request (``max_completion_tokens`` for
            reasoning models and on OpenAI, ``max_tokens`` for other models on other servers);
            doubled once for a reply cut inside a tool call, up to the model's maximum.
        temperature: sent to models that take it; never to reasoning models (a notice says so).
        seed: sent as ``seed`` when set (best-effort reproducible sampling; the attempts of
            ``--attempts`` each get their own); a server that refuses it gets the request without.
        sleep: the sleep function used between retries.
        **_ignored: other settings are accepted and ignored.

    Attributes:
        model_name, name (``"openai:<model>"``, or ``"openai-compatible:<model>"`` when local),
        base_url, local, self_hosted (a loopback/private address), retry (its ``sleeps`` records
        every delay), requests (HTTP attempts).

    Raises:
        ConfigError: not local, no ``OPENAI_API_KEY`` and no base URL; or a malformed price
            override.
    """

    def __init__(
        self,
        model_name: str | None = None,
        *,
        env: Mapping[str, str],
        base_url: str | None = None,
        local: bool = False,
        prices: Mapping[str, Any] | str | None = None,
        max_retries: int = 6,
        max_backoff_s: float = 30.0,
        base_backoff_s: float = 1.0,
        retry_after_cap_s: float = 60.0,
        timeout_s: float = 120.0,
        max_output_tokens: int = 4096,
        temperature: float | None = None,
        seed: int | None = None,
        sleep: Callable[[float], Any] = time.sleep,
        **_ignored: Any,
    ) -> None:
        self.model_name = model_name or env.get(MODEL_VAR) or DEFAULT_MODEL
        self.reasoning = is_reasoning_model(self.model_name)
        self.temperature = temperature
        self.seed = seed
        self.base_url = base_url or env.get(BASE_URL_VAR) or None
        self.local = bool(local) or bool(self.base_url and not env.get(KEY_VAR))
        self.self_hosted = bool(self.local and self.base_url and is_self_hosted(self.base_url))
        self.name = f"{'openai-compatible' if self.local else 'openai'}:{self.model_name}"
        key = env.get(KEY_VAR)
        if not key:
            if not (self.local or self.base_url):
                raise ConfigError(
                    f"{KEY_VAR} is not set: export {KEY_VAR}=... to use OpenAI, or point "
                    f"{BASE_URL_VAR} at an OpenAI-compatible server"
                    + unnamed_model_note("openai", model_name, env, MODEL_VAR, DEFAULT_MODEL)
                )
            key = LOCAL_PLACEHOLDER_KEY
        import openai  # the SDK import takes seconds: only after the key check

        self._sdk = openai
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
        self._client = openai.OpenAI(
            api_key=key,
            base_url=self.base_url or DEFAULT_BASE_URL,
            timeout=float(timeout_s),
            max_retries=0,
            organization=env.get("OPENAI_ORG_ID") or None,
            project=env.get("OPENAI_PROJECT_ID") or None,
        )
        self._provider = (
            f"OpenAI-compatible server at {self.base_url}" if self.base_url else "OpenAI"
        )
        self._what = f"{self._provider} {self.model_name}"

    # ------------------------------------------------------------------------------------
    def _send(self, kwargs: dict[str, Any]) -> Any:
        self.requests += 1
        return self._client.chat.completions.create(**kwargs)

    def _classify(self, exc: BaseException) -> Fault:
        return classify(exc, sdk=self._sdk, provider=self._provider, key_var=KEY_VAR)

    # ------------------------------------------------------------------------------------
    def build_request(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """The keyword arguments of ``chat.completions.create`` (JSON-ready dicts)."""
        out: list[dict[str, Any]] = []
        if system:
            out.append({"role": "system", "content": system})
        for m in messages:
            out.extend(to_openai_messages(m))
        kwargs: dict[str, Any] = {"model": self.model_name, "messages": out}
        if tools:
            kwargs["tools"] = [to_openai_tool(t) for t in tools]
        if self.local and not self.reasoning:
            kwargs["max_tokens"] = self.output_budget
        else:
            kwargs["max_completion_tokens"] = self.output_budget
        if self.temperature is not None and not self.reasoning:
            kwargs["temperature"] = self.temperature
        if self.seed is not None:
            kwargs["seed"] = self.seed
        return kwargs

    def parse_reply(self, completion: Any) -> dict[str, Any]:
        """Turn an SDK ``ChatCompletion`` into fixloop's reply dict."""
        choices = getattr(completion, "choices", None)
        if not choices:
            raise ProviderRequestError(
                f"{self._provider}: the response has no choices "
                f"(got {type(completion).__name__}); is the base URL right?"
            )
        choice = choices[0]
        message = choice.message
        content: list[dict[str, Any]] = []
        text = getattr(message, "content", None)
        if text:
            content.append({"type": "text", "text": text})
        refusal = getattr(message, "refusal", None)
        if refusal and not text:
            content.append({"type": "text", "text": refusal})
        counter = itertools.count(1)
        for call in getattr(message, "tool_calls", None) or []:
            fn = getattr(call, "function", None)
            if fn is None:  # a custom (non-function) tool call: not something fixloop offers
                continue
            call_id = getattr(call, "id", None) or f"call_{next(counter)}"
            content.append(tool_use_block(call_id, fn.name, fn.arguments))
        legacy = getattr(message, "function_call", None)
        if legacy is not None and not any(b["type"] == "tool_use" for b in content):
            content.append(tool_use_block(f"call_{next(counter)}", legacy.name, legacy.arguments))
        raw_finish = getattr(choice, "finish_reason", None) or "stop"
        stop = _FINISH.get(raw_finish, "end_turn")
        if stop != "max_tokens" and any(b["type"] == "tool_use" for b in content):
            stop = "tool_use"  # a cut reply (length) stays cut: its calls must not run
        elif stop == "tool_use":
            stop = "end_turn"
        usage = usage_of(getattr(completion, "usage", None))
        billed_model = getattr(completion, "model", None) or self.model_name
        settle_usage(usage, (billed_model, self.model_name), self.prices, local=self.self_hosted)
        reply: dict[str, Any] = {
            "stop_reason": stop,
            "content": content,
            "usage": usage,
            "model": billed_model,
        }
        if _FINISH.get(raw_finish) != stop:
            reply["provider_stop_reason"] = raw_finish
        return reply

    def __repr__(self) -> str:
        return f"OpenAIModel({self.model_name!r}, base_url={self.base_url!r}, local={self.local})"


# ----------------------------------------------------------------------------------------
# Translation helpers (pure functions; tested directly as well as through the server)
# ----------------------------------------------------------------------------------------


def to_openai_tool(tool: Mapping[str, Any]) -> dict[str, Any]:
    """``{"name", "description", "input_schema"}`` -> an OpenAI function tool."""
    return {
        "type": "function",
        "function": {
            "name": tool["name"],
            "description": tool.get("description", ""),
            "parameters": tool.get("input_schema") or {"type": "object", "properties": {}},
        },
    }


def to_openai_messages(message: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One fixloop message -> the Chat Completions messages that carry the same content.

    Thinking blocks and other block types OpenAI has no place for are dropped.
    """
    role = message["role"]
    content = message.get("content", "")
    if isinstance(content, str):
        return [{"role": role, "content": content}]
    texts: list[str] = []
    if role == "assistant":
        calls = []
        for b in content:
            if b.get("type") == "text" and b.get("text"):
                texts.append(b["text"])
            elif b.get("type") == "tool_use":
                if b.get("parse_error") is not None and "raw_input" in b:
                    args = str(b["raw_input"])
                else:
                    args = json.dumps(b.get("input") or {}, ensure_ascii=False)
                calls.append(
                    {
                        "id": b["id"],
                        "type": "function",
                        "function": {"name": b["name"], "arguments": args},
                    }
                )
        msg: dict[str, Any] = {"role": "assistant", "content": "\n\n".join(texts) or None}
        if calls:
            msg["tool_calls"] = calls
        return [msg]
    out: list[dict[str, Any]] = []
    for b in content:
        if b.get("type") == "tool_result":
            body = text_of(b.get("content"))
            if b.get("is_error") and not body.lower().startswith("error"):
                body = f"Error: {body}"
            out.append({"role": "tool", "tool_call_id": b["tool_use_id"], "content": body})
        elif b.get("type") == "text" and b.get("text"):
            texts.append(b["text"])
    if texts:
        out.append({"role": role, "content": "\n\n".join(texts)})
    return out


def tool_use_block(call_id: str, name: str, arguments: Any) -> dict[str, Any]:
    """A fixloop ``tool_use`` block from an OpenAI tool call's ``arguments`` text.

    Arguments that are not valid JSON, or valid JSON that is not an object, give ``"input": {}``
    plus ``"parse_error"`` (what was wrong) and ``"raw_input"`` (the text as received). An empty
    or whitespace-only string means "no arguments" (``{}``; local servers send it for
    parameterless calls) and is not an error.
    """
    block: dict[str, Any] = {"type": "tool_use", "id": call_id, "name": name, "input": {}}
    if isinstance(arguments, dict):  # some servers send an object rather than JSON text
        block["input"] = arguments
        return block
    raw = "" if arguments is None else str(arguments)
    if not raw.strip():
        return block
    try:
        parsed = json.loads(raw)
    except json.JSONDecodeError as exc:
        block["parse_error"] = f"invalid JSON in tool arguments: {exc}"
        block["raw_input"] = raw
        return block
    if not isinstance(parsed, dict):
        block["parse_error"] = f"tool arguments must be a JSON object, got {type(parsed).__name__}"
        block["raw_input"] = raw
        return block
    block["input"] = parsed
    return block


def is_self_hosted(url: str) -> bool:
    """True when ``url`` points at the user's own machine or network.

    Localhost, a loopback or private (RFC 1918 / RFC 4193) or link-local address, or a
    ``.local``/``.internal`` host name.
    """
    from ipaddress import ip_address
    from urllib.parse import urlsplit

    host = (urlsplit(url).hostname or "").lower()
    if host in ("localhost", "host.docker.internal") or host.endswith((".local", ".internal")):
        return True
    try:
        ip = ip_address(host)
    except ValueError:
        return False
    return ip.is_loopback or ip.is_private or ip.is_link_local


def usage_of(usage: Any) -> dict[str, Any]:
    """The fixloop usage (categories that do not overlap) from an SDK ``CompletionUsage`` or None.

    ``reasoning_tokens`` (``completion_tokens_details.reasoning_tokens``) are billed as output.
    OpenAI counts them inside ``completion_tokens``; a server whose ``total_tokens`` equals
    prompt + completion + reasoning counts them outside, and then they are added to
    ``output_tokens`` so the cost covers them.
    """
    prompt = int(getattr(usage, "prompt_tokens", 0) or 0)
    completion = int(getattr(usage, "completion_tokens", 0) or 0)
    details = getattr(usage, "prompt_tokens_details", None)
    cached = int(getattr(details, "cached_tokens", 0) or 0)
    written = int(getattr(details, "cache_write_tokens", 0) or 0)
    out_details = getattr(usage, "completion_tokens_details", None)
    reasoning = int(getattr(out_details, "reasoning_tokens", 0) or 0)
    total = int(getattr(usage, "total_tokens", 0) or 0)
    output = completion
    if reasoning and total == prompt + completion + reasoning:
        output = completion + reasoning  # reported outside completion_tokens
    return {
        "input_tokens": max(0, prompt - cached - written),
        "output_tokens": output,
        "cache_read_input_tokens": cached,
        "cache_creation_input_tokens": written,
        "reasoning_tokens": reasoning,
    }


__all__ = [
    "DEFAULT_MODEL",
    "OpenAIModel",
    "is_reasoning_model",
    "tool_use_block",
    "to_openai_messages",
]
