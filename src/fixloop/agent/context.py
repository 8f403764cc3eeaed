"""Context management of the loop: the size of the messages and the elision of old tool output.

Past ``budgets.context_bytes`` of messages, or past ``budgets.context_tokens`` tokens of the
whole request (:class:`TokenGauge`), the oldest tool results are replaced by a visible
``[elided: N bytes of old tool output]`` marker; the newest message holding tool results stays
whole. Only tool results are elided: the first message (the task, the baseline and the repo
map) and the model's own text stay. After an elision the loop repeats what must stay in view
(the plan, :func:`remind`). Functions here change the message list they are given and return
what they did; they never call back into the loop.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable
from typing import Any

ELIDED = "[elided: {n} bytes of old tool output]"


def size(messages: list[dict[str, Any]]) -> int:
    """The size of ``messages`` in bytes (UTF-8 JSON), as the provider would be sent them."""
    # surrogatepass: a lone surrogate in a tool input (case 28) is counted, never an error
    return len(
        json.dumps(messages, ensure_ascii=False, default=repr).encode("utf-8", "surrogatepass")
    )


def _old_results(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Not yet elided tool_result blocks, oldest first, excluding the newest message holding any."""
    holders = [
        m
        for m in messages
        if m.get("role") == "user"
        and isinstance(m.get("content"), list)
        and any(isinstance(b, dict) and b.get("type") == "tool_result" for b in m["content"])
    ]
    return [
        b
        for m in holders[:-1]
        for b in m["content"]
        if b.get("type") == "tool_result" and not b.get("_elided")
    ]


def _elide(block: dict[str, Any]) -> int:
    content = block.get("content")
    text = content if isinstance(content, str) else json.dumps(content, default=repr)
    n = len(text.encode("utf-8", "surrogatepass"))
    marker = ELIDED.format(n=n)
    if n <= len(marker):
        return 0
    block["content"] = marker
    block["_elided"] = True
    return n


def fit(
    messages: list[dict[str, Any]],
    limit: int,
    *,
    tokens: int | None = None,
    gauge: TokenGauge | None = None,
    overhead: int = 0,
) -> int:
    """Elide the oldest tool results until ``messages`` fit ``limit`` bytes (and ``tokens``).

    Args:
        messages: the conversation (changed in place).
        limit: the most bytes of message JSON (:func:`size`).
        tokens: the most tokens of the whole request (messages, system prompt and tool specs),
            counted by ``gauge``; None for no token limit. When the gauge's estimate is over
            it, the provider's own count is asked once (:meth:`TokenGauge.exact`) before
            anything is elided; the elision then goes by the calibrated estimate.
        gauge: the :class:`TokenGauge` (an estimate when None).
        overhead: bytes of the request outside the messages (system prompt and tool specs).

    Returns:
        the bytes of tool output elided (0 when the messages already fit).
    """
    g = gauge or TokenGauge()
    asked = False  # the provider's count is asked at most once per call, before any elision

    def fits() -> bool:
        nonlocal asked
        n = size(messages)
        if n > limit:
            return False
        if tokens is None or g.count(n + overhead) <= tokens:
            return True
        if asked:
            return False
        asked = True
        exact = g.exact(messages, n + overhead)
        return exact is not None and exact <= tokens

    if fits():
        return 0
    total = 0
    for block in _old_results(messages):
        total += _elide(block)
        if fits():
            break
    return total


#: Bytes of request JSON per token when no provider count is known yet (a common rule of thumb
#: for English text and code with BPE tokenizers; OpenAI's tokenizer guide says about 4
#: characters per token).
BYTES_PER_TOKEN = 4


class TokenGauge:
    """Tokens of a request, by the provider's own count where it has given one.

    Two sources calibrate the estimate, both from the provider:

    - every reply's usage holds the tokens the provider counted in the request it answered
      (``input_tokens`` plus the cached ``cache_read_input_tokens`` and
      ``cache_creation_input_tokens``, as the adapters report them): :meth:`observe` turns that
      into tokens per byte of that request, free with each reply;
    - a provider with a token counting endpoint (Anthropic's ``messages.count_tokens``) gives
      the gauge a ``counter``: :meth:`exact` asks it for the count of one request, only where
      the estimate would make :func:`fit` elide tool output (before the first reply, or when
      the conversation grew past the limit by the estimate), and recalibrates from it.

    :meth:`count` scales a request's bytes by the ratio. Before any provider count, and for
    models that report none (scripted, replayed, the offline engine), the estimate is
    :data:`BYTES_PER_TOKEN` bytes a token.

    Args:
        counter: the provider's count of a request with the given wire messages (the system
            prompt and tool specs bound in), or None when it has none or it failed; None:
            no counting endpoint.

    Attributes:
        ratio: tokens per byte.
        source: ``"provider"`` once a count was observed, else ``"estimate"``.
        counter: as given (the loop binds it once it knows the system prompt and tools).
        asked: requests made to ``counter`` (each request's count is cached).
    """

    #: How many requests' counts are kept (a re-check of the same request asks no more).
    CACHE = 8

    def __init__(self, counter: Callable[[list[dict[str, Any]]], int | None] | None = None) -> None:
        self.ratio = 1 / BYTES_PER_TOKEN
        self.source = "estimate"
        self.counter = counter
        self.asked = 0
        self._counted: dict[str, int] = {}

    def observe(self, usage: Any, request_bytes: int) -> None:
        """Learn tokens per byte from a reply's ``usage`` for a request of ``request_bytes``."""
        if not isinstance(usage, dict) or request_bytes <= 0:
            return
        keys = ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
        counted = sum(v for k in keys if isinstance(v := usage.get(k), int) and v > 0)
        if counted > 0:
            self.ratio = counted / request_bytes
            self.source = "provider"

    def bind(self, model: object, system: str, specs: list[dict[str, Any]]) -> None:
        """Use ``model``'s token counting endpoint as :attr:`counter`, when it has one.

        ``model.count_tokens(system, sent, specs)`` (the provider's count of a request with
        that system prompt, wire messages and tool specs, or None); a model without it keeps
        the estimate. The loop calls this once it knows the system prompt and the tools.
        """
        count_tokens = getattr(model, "count_tokens", None)
        if callable(count_tokens):  # the provider's counting endpoint, where elision needs it
            self.counter = lambda sent: count_tokens(system, sent, specs)

    def exact(self, messages: list[dict[str, Any]], request_bytes: int) -> int | None:
        """The provider's count of the request holding ``messages``; calibrates :attr:`ratio`.

        Args:
            messages: the conversation (sent through :func:`wire`).
            request_bytes: the whole request's bytes (messages plus system prompt and specs).

        Returns:
            the tokens, or None without a counter or when it gave no count (the estimate
            stays).
        """
        if self.counter is None or request_bytes <= 0:
            return None
        sent = wire(messages)
        key = hashlib.sha256(
            json.dumps(sent, sort_keys=True, ensure_ascii=False, default=repr).encode(
                "utf-8", "surrogatepass"
            )
        ).hexdigest()
        tokens = self._counted.get(key)
        if tokens is None:
            self.asked += 1
            got = self.counter(sent)
            if not isinstance(got, int) or got <= 0:
                return None
            while len(self._counted) >= self.CACHE:
                self._counted.pop(next(iter(self._counted)))
            tokens = self._counted[key] = got
        self.ratio = tokens / request_bytes
        self.source = "provider"
        return tokens

    def count(self, request_bytes: int) -> int:
        """Tokens of a request of ``request_bytes`` bytes (rounded up)."""
        return math.ceil(request_bytes * self.ratio)


def trim_all(messages: list[dict[str, Any]]) -> int:
    """Elide every old tool result (after the provider said the context is too long).

    Returns:
        the bytes elided.
    """
    return sum(_elide(block) for block in _old_results(messages))


def wire(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages as sent: internal bookkeeping keys (``_...``) removed from the blocks.

    The ``parse_error``/``raw_input`` keys of a malformed tool_use stay: the provider adapters
    own the translation (the OpenAI adapter sends ``raw_input`` back as the call's arguments, so
    the model sees what it really wrote; the Anthropic adapter drops both keys).
    """
    out = []
    for m in messages:
        content = m["content"]
        if isinstance(content, list):
            content = [
                {k: v for k, v in b.items() if not k.startswith("_")} if isinstance(b, dict) else b
                for b in content
            ]
        out.append({"role": m["role"], "content": content})
    return out


def remind(messages: list[dict[str, Any]], text: str) -> bool:
    """Put ``text`` at the end of the last user message, replacing an earlier reminder.

    Args:
        messages: the conversation (its last message is the user's next turn).
        text: the reminder (the plan); "" removes the earlier one only.

    Returns:
        True when a reminder was added.
    """
    for m in messages:
        if isinstance(m.get("content"), list):
            m["content"] = [
                b for b in m["content"] if not (isinstance(b, dict) and b.get("_standing"))
            ]
    if not text or not messages or messages[-1].get("role") != "user":
        return False
    last = messages[-1]
    if isinstance(last["content"], str):
        last["content"] = [{"type": "text", "text": last["content"]}]
    last["content"].append({"type": "text", "text": text, "_standing": True})
    return True
