"""The one validator of a model's reply as the loop reads it.

A reply is a :class:`fixloop.protocols.ModelReply`. :func:`check_reply` keeps the blocks the
harness can use (``text`` with a string, ``tool_use``, ``thinking``) and names the first problem:
a reply that is not an object, content that is not a list, an unknown ``stop_reason`` without a
tool call, only blocks of unknown shape, or ``tool_use`` as the stop reason without a tool call.
The loop shows the problem to the model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fixloop.protocols import ModelCallEvent

STOP_REASONS = ("tool_use", "end_turn", "max_tokens", "stop_sequence")


@dataclass
class ReplyCheck:
    """What :func:`check_reply` found.

    Attributes:
        problem: the first problem as a phrase, or None for a usable reply.
        blocks: the content blocks kept (copies), in order.
        stop_reason: the reply's ``stop_reason`` as a string ("" when the reply is no object).
    """

    problem: str | None
    blocks: list[dict[str, Any]] = field(default_factory=list)
    stop_reason: str = ""

    @property
    def tool_uses(self) -> list[dict[str, Any]]:
        """The kept ``tool_use`` blocks, in order."""
        return [b for b in self.blocks if b["type"] == "tool_use"]


def check_reply(reply: Any) -> ReplyCheck:
    """Validate one reply.

    Args:
        reply: what the model returned.

    Returns:
        a :class:`ReplyCheck`; ``problem`` is None when the reply is usable.
    """
    if not isinstance(reply, Mapping):
        return ReplyCheck(f"the reply is a {type(reply).__name__}, not an object")
    stop = reply.get("stop_reason")
    content = reply.get("content")
    if content is None:
        content = []
    if not isinstance(content, list):
        return ReplyCheck("its content is not a list of blocks", [], str(stop))
    kept: list[dict[str, Any]] = []
    dropped = 0
    for b in content:
        kind = b.get("type") if isinstance(b, Mapping) else None
        if kind == "text" and isinstance(b.get("text"), str):
            kept.append(dict(b))
        elif kind in ("tool_use", "thinking"):
            kept.append(dict(b))
        else:
            dropped += 1
    uses = any(b["type"] == "tool_use" for b in kept)
    problem: str | None = None
    if stop not in STOP_REASONS and not uses:
        problem = f"unknown stop_reason {stop!r}"
    elif dropped and not kept:
        problem = f"{dropped} content block(s) of unknown shape"
    elif stop == "tool_use" and not uses:
        problem = "stop_reason is tool_use but it holds no tool_use block"
    return ReplyCheck(problem, kept, str(stop))


def model_call_event(step: int, reply: Any, latency_s: float) -> ModelCallEvent:
    """The ``model_call`` event of one call: the 1-based ``step``, the reply's usage, the latency
    in seconds (rounded to ms) and the reply (its ``repr`` when it is no object)."""
    usage = reply.get("usage") if isinstance(reply, Mapping) else None
    return ModelCallEvent(
        step=step,
        usage=dict(usage) if isinstance(usage, Mapping) else None,
        latency_s=round(latency_s, 3),
        reply=reply if isinstance(reply, Mapping) else repr(reply),
    )
