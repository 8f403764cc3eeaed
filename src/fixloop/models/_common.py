"""What the Anthropic and OpenAI adapters share: one model turn, usage, settings.

:class:`CallPolicy` wraps one model turn of either adapter (a reply cut at the output limit is
asked again with a larger budget; a 400 naming a parameter is fixed once, :func:`unsupported_param`);
:func:`settle_usage` prices a reply's usage and :func:`text_of` reads a tool result's text.

Error classification lives in :mod:`fixloop.models.faults` and output limits in
:mod:`fixloop.models.output_limit`; their public names are re-exported here, so
``from fixloop.models._common import classify`` keeps working.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fixloop.errors import ContextTooLong, ProviderUnavailable
from fixloop.models.faults import (
    CONTEXT_CODES,
    CONTEXT_PATTERNS,
    ProviderRequestError,
    classify,
    error_fields,
    is_context_error,
)
from fixloop.models.output_limit import (
    MAX_OUTPUT_TOKENS,
    bare_model_id,
    is_cut,
    mark_cut,
    max_output_tokens_of,
    merge_usage,
    stated_max_tokens,
    worth_a_larger_budget,
)

__all__ = [
    "CONTEXT_CODES",
    "CONTEXT_PATTERNS",
    "MAX_OUTPUT_TOKENS",
    "PARAM_REPLACEMENTS",
    "CallPolicy",
    "ParamFix",
    "ProviderRequestError",
    "bare_model_id",
    "classify",
    "error_fields",
    "is_context_error",
    "is_cut",
    "mark_cut",
    "max_output_tokens_of",
    "merge_usage",
    "settle_usage",
    "stated_max_tokens",
    "text_of",
    "unnamed_model_note",
    "unsupported_param",
    "worth_a_larger_budget",
]


def unnamed_model_note(
    kind: str, given: str | None, env: Mapping[str, str], var: str, default: str
) -> str:
    """What a spec with no model name (``anthropic:``) stands for, said with a key error.

    ``--model anthropic:`` asked for the key and never said that no model was named; the
    empty name is allowed (the default model, or the one ``var`` names), so the message says
    which model the run would have used and how to name another.

    Args:
        kind: the spec's provider part (``anthropic``, ``openai``).
        given: the model name the spec gave ("" or None: none).
        env: the environment the adapter reads.
        var: the variable naming the default model (``ANTHROPIC_MODEL``).
        default: fixloop's default model of the provider.

    Returns:
        "" when a name was given; else one sentence to append, starting with "; ".
    """
    if given:
        return ""
    source = f"{var} names it" if env.get(var) else "the default"
    chosen = env.get(var) or default
    return (
        f"; `--model {kind}:` names no model, so the run would use {chosen} ({source}): name "
        f"one as {kind}:NAME"
    )


def settle_usage(
    usage: dict[str, Any],
    model: str | tuple[str, ...],
    prices: Mapping[str, Any],
    *,
    local: bool = False,
) -> dict[str, Any]:
    """Add ``cost_usd`` to a usage dict (in place) and return it.

    ``cost_usd`` is the price table's cost (USD, :func:`fixloop.models.pricing.cost_usd`) for the
    first of ``model`` (an id, or ids to try in order: the billed one, then the one asked for)
    that has a price. A model
    with no price costs 0.0: on a local server (``local=True``) because it runs on the user's own
    hardware; elsewhere with ``"price_unknown": True`` added, so the caller can warn (the
    adapters put a notice on the reply) and ``--max-cost`` can refuse to start.
    """
    from fixloop.models.pricing import cost_usd

    cost = None
    for name in (model,) if isinstance(model, str) else model:
        cost = cost_usd(name, usage, prices) if name else None
        if cost is not None:
            break
    usage.pop("price_unknown", None)
    if cost is None:
        cost = 0.0
        if not local:
            usage["price_unknown"] = True
    usage["cost_usd"] = cost
    return usage


def text_of(content: Any) -> str:
    """The text of a tool_result's content: a string as is, or the text blocks joined."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = []
        for block in content:
            if isinstance(block, Mapping):
                if block.get("type") == "text":
                    parts.append(str(block.get("text", "")))
                else:
                    parts.append(f"[{block.get('type', 'block')} omitted]")
            else:
                parts.append(str(block))
        return "\n".join(parts)
    return str(content)


# ----------------------------------------------------------------------------------------
# A 400 naming a parameter the model or server does not take
# ----------------------------------------------------------------------------------------

#: Documented replacements: OpenAI's reasoning models take ``max_completion_tokens`` instead of
#: ``max_tokens`` (https://platform.openai.com/docs/api-reference/chat/create); older
#: OpenAI-compatible servers know only ``max_tokens``.
PARAM_REPLACEMENTS = {"max_tokens": "max_completion_tokens", "max_completion_tokens": "max_tokens"}

#: Parameters a request cannot do without.
_ESSENTIAL = frozenset({"model", "messages", "tools", "system"})

_PARAM_PATTERNS = (
    # OpenAI: "Unsupported parameter: 'max_tokens' is not supported with this model."
    re.compile(r"Unsupported (?:parameter|value): '([\w.]+)'", re.IGNORECASE),
    # OpenAI (older): "Unrecognized request argument supplied: max_completion_tokens"
    re.compile(r"Unrecognized request arguments? supplied: ([\w.]+)", re.IGNORECASE),
    # pydantic-validated servers (vLLM, Anthropic): "temperature: Extra inputs are not permitted"
    re.compile(r"([\w.]+)[\"']?\s*:\s*Extra (?:inputs|fields) (?:are )?not permitted", re.I),
    re.compile(r"extra fields not permitted[^\w]+([\w.]+)", re.IGNORECASE),
    # "'temperature' is not supported with this model", "thinking is not supported for ..."
    re.compile(r"[`'\"]?([\w.]+)[`'\"]? (?:is|are) not supported", re.IGNORECASE),
    re.compile(r"does not support [`'\"]?([\w.]+)[`'\"]?", re.IGNORECASE),
)
_USE_INSTEAD = re.compile(r"Use '([\w.]+)' instead", re.IGNORECASE)


@dataclass
class ParamFix:
    """How to change a request a server refused for one parameter.

    Attributes:
        param: the parameter the server named (top-level key of the request).
        replacement: the key to send the value under instead, or None to leave it out.
        value: the value to send instead (same key), when the server named a limit (``max_tokens``
            above the model's maximum); None otherwise.
        reason: the server's words, for the trajectory.
    """

    param: str
    replacement: str | None
    value: Any
    reason: str

    def describe(self) -> str:
        """One line for the trajectory, e.g. "sent max_completion_tokens instead of max_tokens"."""
        if self.value is not None:
            return f"sent {self.param}={self.value} (the server's maximum): {self.reason}"
        if self.replacement:
            return f"sent {self.replacement} instead of {self.param}: {self.reason}"
        return f"left out {self.param}: {self.reason}"

    def apply(self, kwargs: Mapping[str, Any]) -> dict[str, Any]:
        """``kwargs`` with this fix applied (a new dict)."""
        out = dict(kwargs)
        if self.param not in out:
            return out
        if self.value is not None:
            out[self.param] = self.value
            return out
        value = out.pop(self.param)
        if self.replacement:
            out[self.replacement] = value
        return out


def unsupported_param(exc: BaseException, sdk: Any, kwargs: Mapping[str, Any]) -> ParamFix | None:
    """The fix for a 400 that names a request parameter the model or server does not take.

    Recognized: OpenAI's ``unsupported_parameter`` / ``unsupported_value`` errors (``param``
    field, or "Unsupported parameter: 'X' ... Use 'Y' instead"), "Unrecognized request argument
    supplied: X", pydantic servers' "X: Extra inputs are not permitted", "X is not supported",
    and Anthropic's "max_tokens: N > M, which is the maximum allowed number of output tokens".
    Only a parameter the request actually carries, and never ``model``/``messages``/``tools``.

    Args:
        exc: what the SDK raised.
        sdk: the SDK module (for ``APIStatusError``).
        kwargs: the request that was refused.

    Returns:
        a :class:`ParamFix`: send the value under the server's named replacement (else the
        documented one in :data:`PARAM_REPLACEMENTS` for the token-limit pair), send the
        server's maximum, or leave the parameter out; None when the error is not of this kind.
    """
    if not isinstance(exc, sdk.APIStatusError) or int(getattr(exc, "status_code", 0) or 0) != 400:
        return None
    body = getattr(exc, "body", None)
    etype, code, message = error_fields(body)
    if not message:
        message = str(getattr(exc, "message", "") or "")
    inner = body.get("error", body) if isinstance(body, Mapping) else None
    param = inner.get("param") if isinstance(inner, Mapping) else None
    reason = message.strip()[:300]
    limit = stated_max_tokens(message)
    for key in ("max_tokens", "max_completion_tokens"):
        if limit and key in kwargs and key in message and int(kwargs[key]) > limit:
            return ParamFix(key, None, limit, reason)
    if not (isinstance(param, str) and param in kwargs):
        param = None
        for pattern in _PARAM_PATTERNS:
            for m in pattern.finditer(message):
                name = m.group(1).split(".")[0]
                if name in kwargs:
                    param = name
                    break
            if param:
                break
    if param is None or param in _ESSENTIAL:
        return None
    if code not in ("", "unsupported_parameter", "unsupported_value", "invalid_request_error") and (
        "support" not in message.lower()
        and "not permitted" not in message.lower()
        and "unrecognized" not in message.lower()
    ):
        return None
    if code == "unsupported_value":
        return ParamFix(param, None, None, reason)  # the value is wrong: the default is fine
    named = _USE_INSTEAD.search(message)
    replacement = named.group(1) if named else PARAM_REPLACEMENTS.get(param)
    if replacement in kwargs:
        replacement = None
    return ParamFix(param, replacement, None, reason)


# ----------------------------------------------------------------------------------------
# One model turn, with the fixes above (shared by both adapters)
# ----------------------------------------------------------------------------------------


class CallPolicy:
    """What both adapters do around one model turn, beyond retrying faults.

    A subclass provides ``build_request(system, messages, tools) -> kwargs`` (using
    :attr:`output_budget` for its output limit), ``_send(kwargs) -> raw``,
    ``parse_reply(raw) -> reply``, ``_classify(exc) -> Fault``, ``retry`` (a
    :class:`~fixloop.models.retry.RetryPolicy`), ``_sdk``, ``_what`` (names the model in give-up
    messages) and ``model_name``; and calls :meth:`_init_policy` from its constructor.

    What this adds, per issue 14:

    - **A reply cut at the output limit** inside a tool call (or with nothing visible: a reasoning
      model that spent the budget thinking) is asked again once with twice the output budget, up
      to the model's maximum (:func:`max_output_tokens_of`, or the maximum a server names). The
      larger budget is kept for the rest of the run. A reply still cut is handed on by
      :func:`mark_cut`: its tool calls removed, ``truncated`` set. Every cut reply is billed and
      counted (``cut_replies`` on the reply, :attr:`truncated_replies` here).
    - **A 400 naming a parameter** the model or server does not take (:func:`unsupported_param`):
      the request is sent once more without it, or with its replacement, and the change is kept
      for the rest of the run. The same parameter refused twice ends the call with the error.
      Each change is in the reply's ``notices`` (so the trajectory's ``model_call`` holds it) and
      in :attr:`param_fixes`.

    Attributes:
        output_budget: the output tokens asked for (grows when replies are cut).
        model_max_output: the model's largest output, or None when unknown.
        truncated_replies: replies cut at the output limit so far (each billed).
        param_fixes: parameter -> the :class:`ParamFix` applied to every request.
    """

    output_budget: int
    model_max_output: int | None
    truncated_replies: int
    param_fixes: dict[str, ParamFix]

    def _init_policy(self, max_output_tokens: int) -> None:
        self.model_max_output = max_output_tokens_of(self.model_name)  # type: ignore[attr-defined]
        self.truncated_replies = 0
        self.param_fixes = {}
        self._price_warned = False
        self.output_budget = int(max_output_tokens)
        cap = self._output_cap()
        if cap is not None and cap > 0:
            self.output_budget = min(self.output_budget, cap)

    def __call__(
        self, system: str, messages: list[dict[str, Any]], tools: list[dict[str, Any]]
    ) -> dict[str, Any]:
        """One model turn (see the adapter's class docstring for the reply shape).

        Raises:
            ContextTooLong, ProviderAuthError, ProviderUnavailable, ProviderRequestError: as
            classified by :func:`classify`, after the retries and parameter fixes above.
        """
        notices: list[str] = []
        first_budget = self.output_budget
        reply = self._request(system, messages, tools, notices)
        attempts = [_attempt(first_budget, reply)]
        if worth_a_larger_budget(reply):
            bigger = first_budget * 2
            cap = self._output_cap()
            if cap is not None:
                bigger = min(bigger, cap)
            if bigger > first_budget:
                self.output_budget = bigger
                notices.append(
                    f"reply cut at the output limit ({first_budget} tokens)"
                    f"{' inside a tool call' if _has_tool_use(reply) else ''}: asked again with "
                    f"{bigger} tokens"
                )
                try:
                    second = self._request(system, messages, tools, notices)
                except (ProviderRequestError, ProviderUnavailable, ContextTooLong) as exc:
                    notices.append(f"the request with {bigger} output tokens failed: {exc}")
                    self.output_budget = first_budget
                else:
                    second["usage"] = merge_usage(
                        reply.get("usage") or {}, second.get("usage") or {}
                    )
                    attempts.append(_attempt(bigger, second))
                    reply = second
            else:
                notices.append(
                    f"reply cut at the model's maximum output ({first_budget} tokens): "
                    "no larger budget to ask for"
                )
        if (reply.get("usage") or {}).get("price_unknown") and not self._price_warned:
            self._price_warned = True
            billed = reply.get("model") or self.model_name  # type: ignore[attr-defined]
            notices.append(
                f"no price known for {billed}: its calls count as $0 and the cost shown is too "
                f'low; give one with [prices."{billed}"] in the user config'
            )
        cut = sum(1 for a in attempts if a["stop_reason"] == "max_tokens" and a["cut"])
        self.truncated_replies += cut
        if cut:
            reply["cut_replies"] = cut
        if is_cut(reply):
            mark_cut(reply, limit=attempts[-1]["max_tokens"], attempts=attempts)
        if notices:
            reply["notices"] = notices
        return reply

    def has_price(self) -> bool:
        """True when a call's cost is known before the run.

        The model has a price (the user's, fixloop's table or the dataset; see
        :func:`fixloop.models.pricing.lookup`), or it runs on the user's own hardware (free).
        ``--max-cost`` needs this to be True.
        """
        from fixloop.models.pricing import lookup

        if getattr(self, "self_hosted", False):
            return True
        return lookup(self.model_name, self.prices) is not None  # type: ignore[attr-defined]

    def _output_cap(self) -> int | None:
        """The largest :attr:`output_budget` the model allows, or None when unknown.

        That is the model's maximum output, less any thinking budget counted in the same limit.
        """
        return self.model_max_output

    def _request(
        self,
        system: str,
        messages: list[dict[str, Any]],
        tools: list[dict[str, Any]],
        notices: list[str],
    ) -> dict[str, Any]:
        """One request with retries; a refused parameter is fixed once and the request re-sent."""
        while True:
            kwargs = self.build_request(system, messages, tools)  # type: ignore[attr-defined]
            for fix in self.param_fixes.values():
                kwargs = fix.apply(kwargs)
            try:
                raw = self.retry.run(  # type: ignore[attr-defined]
                    lambda kw=kwargs: self._send(kw),  # type: ignore[attr-defined]
                    self._classify,  # type: ignore[attr-defined]
                    what=self._what,  # type: ignore[attr-defined]
                )
            except ProviderRequestError as exc:
                found = unsupported_param(exc.__cause__ or exc, self._sdk, kwargs)  # type: ignore[attr-defined]
                if found is None:
                    raise
                fix = found
                if fix.value is not None:  # the server named the model's output maximum
                    self.model_max_output = fix.value
                    cap = self._output_cap()
                    if cap is None or cap <= 0 or cap >= self.output_budget:
                        raise
                    self.output_budget = cap
                    notices.append(fix.describe())
                    continue
                if fix.param in self.param_fixes or any(
                    f.replacement == fix.param for f in self.param_fixes.values()
                ):
                    raise ProviderRequestError(
                        f"{exc} (already retried once with {self.param_fixes.get(fix.param) or fix.param} "
                        "changed)"
                    ) from exc
                self.param_fixes[fix.param] = fix
                notices.append(fix.describe())
                continue
            return self.parse_reply(raw)  # type: ignore[attr-defined]


def _has_tool_use(reply: Mapping[str, Any]) -> bool:
    return any(b.get("type") == "tool_use" for b in reply.get("content") or [])


def _attempt(budget: int, reply: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "max_tokens": budget,
        "stop_reason": reply.get("stop_reason"),
        "cut": is_cut(reply),
        "output_tokens": (reply.get("usage") or {}).get("output_tokens"),
    }
