"""Output limits: each model's largest output, and replies cut at the output limit.

What a reply's output budget may grow to (:data:`MAX_OUTPUT_TOKENS`, :func:`max_output_tokens_of`,
a server's stated maximum), when a cut reply is worth a larger budget, and how a reply still cut
is made safe (:func:`mark_cut`). Called by :class:`fixloop.models._common.CallPolicy` (one model
turn of either adapter); :func:`bare_model_id` is also used by both adapters. Every name here is
also importable from :mod:`fixloop.models._common`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

# ----------------------------------------------------------------------------------------
# Output limits: how far a cut reply's budget may grow
# ----------------------------------------------------------------------------------------

#: The largest output (``max_tokens``) each model family accepts, by id prefix, longest first.
#: Sources, read 2026-11-30: Anthropic's models overview ("Max output" column: 64k for Claude
#: 4.5 and later and Sonnet 4 / 3.7, 32k for Opus 4 / 4.1, 8k for 3.5, 4k for Claude 3), OpenAI's
#: model pages (128k for GPT-5 and later, 100k for o1/o3/o4-mini, 32,768 for GPT-4.1, 16,384
#: for GPT-4o). A model not listed has no known maximum: its budget may still be doubled once,
#: and a server that names its real maximum in a 400 is believed (:func:`stated_max_tokens`).
MAX_OUTPUT_TOKENS: tuple[tuple[str, int], ...] = (
    ("claude-3-5-", 8_192),
    ("claude-3-7-", 64_000),
    ("claude-3-", 4_096),
    ("claude-opus-4-1", 32_000),
    ("claude-opus-4-2025", 32_000),
    ("claude-opus-4-0", 32_000),
    ("claude-", 64_000),
    ("gpt-4.1", 32_768),
    ("gpt-4o", 16_384),
    ("gpt-5", 128_000),
    ("o1", 100_000),
    ("o3", 100_000),
    ("o4", 100_000),
)

_VENDOR_PREFIX = re.compile(r"^(?:[a-z]{2,6}(?:-[a-z]+)?\.)?(?:anthropic|openai)\.", re.IGNORECASE)


def bare_model_id(model: str) -> str:
    """A model id with its router, region, vendor and version parts removed.

    A model id without a router prefix (``anthropic/``), a Bedrock region and vendor
    (``us.anthropic.``), a Vertex version (``@20261001``) or a Bedrock version (``-v1:0``);
    lower-cased. ``"us.anthropic.claude-sonnet-5-5-20261001-v1:0"`` ->
    ``"claude-sonnet-5-5-20261001"``.
    """
    m = model.strip().lower().rsplit("/", 1)[-1]
    m = _VENDOR_PREFIX.sub("", m)
    m = m.split("@", 1)[0]
    return re.sub(r"-v\d+(?::\d+)?$", "", m)


def max_output_tokens_of(model: str) -> int | None:
    """The largest ``max_tokens`` the model accepts (:data:`MAX_OUTPUT_TOKENS`), or None."""
    bare = bare_model_id(model)
    for prefix, limit in MAX_OUTPUT_TOKENS:
        if bare.startswith(prefix):
            return limit
    return None


#: "max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for ..."
#: (Anthropic) and "max_tokens is too large: 200000. This model supports at most 128000
#: completion tokens" (OpenAI).
_STATED_MAX = re.compile(
    r">\s*(\d+), which is the maximum|at most (\d+) (?:completion|output) tokens", re.IGNORECASE
)


def stated_max_tokens(message: str) -> int | None:
    """The output maximum a 400 message names, or None.

    Messages such as "... > 64000, which is the maximum allowed number of output tokens" or
    "supports at most 128000 completion tokens".
    """
    m = _STATED_MAX.search(message or "")
    if not m:
        return None
    return int(m.group(1) or m.group(2))


# ----------------------------------------------------------------------------------------
# Replies cut at the output limit
# ----------------------------------------------------------------------------------------


def is_cut(reply: Mapping[str, Any]) -> bool:
    """True when a reply stopped at the output limit.

    That is ``stop_reason`` ``max_tokens`` (the provider's ``max_tokens`` / ``finish_reason:
    length``), but not the context window (``model_context_window_exceeded``: a larger output
    budget cannot help there).
    """
    return (
        reply.get("stop_reason") == "max_tokens"
        and reply.get("provider_stop_reason") != "model_context_window_exceeded"
    )


def worth_a_larger_budget(reply: Mapping[str, Any]) -> bool:
    """True when a cut reply is worth one more request with a larger output budget.

    It was cut inside a tool call (which must never run), or it holds nothing visible (a reasoning
    model spent the whole budget thinking). A cut text answer is not: the agent asks it to go on.
    """
    if not is_cut(reply):
        return False
    content = reply.get("content") or []
    if any(b.get("type") == "tool_use" for b in content):
        return True
    return not any(b.get("type") == "text" and str(b.get("text", "")).strip() for b in content)


def merge_usage(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """Two billed replies' usage added up.

    Tokens summed; ``cost_usd`` summed, None when either is None: a cut reply is billed even when a
    retry replaces it.
    """
    out: dict[str, Any] = {}
    for key in set(first) | set(second):
        if key == "cost_usd":
            continue
        a, b = first.get(key, 0), second.get(key, 0)
        if isinstance(a, bool) or isinstance(b, bool):
            out[key] = bool(a) or bool(b)
        elif isinstance(a, int | float) and isinstance(b, int | float):
            out[key] = a + b
    ca, cb = first.get("cost_usd"), second.get("cost_usd")
    out["cost_usd"] = None if ca is None or cb is None else ca + cb
    return out


def mark_cut(
    reply: dict[str, Any], *, limit: int, attempts: list[dict[str, Any]]
) -> dict[str, Any]:
    """Make a reply cut at the output limit safe to hand to the agent, in place.

    Every ``tool_use`` block is removed (a cut call may miss an argument or hold half a string,
    and the calls before it were planned together with it: none runs); text and thinking blocks
    stay. ``stop_reason`` stays ``max_tokens`` and ``truncated`` is set, with what was dropped.

    Args:
        reply: a reply in fixloop's shape whose ``stop_reason`` is ``max_tokens``.
        limit: the output budget (tokens) of the last request.
        attempts: one entry per request of this call: ``{"max_tokens", "stop_reason",
            "output_tokens"}``.

    Returns:
        ``reply``, with ``"truncated": {"output_limit": int, "cut_replies": int,
        "dropped_tool_calls": [{"id", "name", "partial_input"}], "attempts": [...]}``.
    """
    dropped = []
    kept = []
    for b in reply.get("content") or []:
        if b.get("type") == "tool_use":
            partial = b.get("raw_input") if "raw_input" in b else b.get("input")
            text = partial if isinstance(partial, str) else _json_text(partial)
            dropped.append({"id": b.get("id"), "name": b.get("name"), "partial_input": text[:300]})
        else:
            kept.append(b)
    reply["content"] = kept
    reply["stop_reason"] = "max_tokens"
    reply["truncated"] = {
        "output_limit": limit,
        "cut_replies": sum(1 for a in attempts if a.get("stop_reason") == "max_tokens"),
        "dropped_tool_calls": dropped,
        "attempts": attempts,
    }
    return reply


def _json_text(value: Any) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
