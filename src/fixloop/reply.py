"""The one validator of a model's reply: for the loop, and for a script before it is played.

A reply is a :class:`fixloop.protocols.ModelReply`. :func:`check_reply` keeps the blocks the
harness can use (``text`` with a string, ``tool_use``, and ``thinking`` and ``redacted_thinking``,
which go back to the provider unchanged and in order) and names the first
``problem`` the loop cannot go past: a reply that is not an object, content that is not a list,
an unknown ``stop_reason`` without a tool call, only blocks of unknown shape, or ``tool_use`` as
the stop reason without a tool call. The loop shows it to the model and goes on.

A scripted reply (:class:`fixloop.models.scripted.ScriptedModel`) is written by a person, so the
same walk also names its first ``defect``, stricter: any block without a string ``type``, a
``tool_use`` without a string ``name``, a ``text`` that is not a string, a ``stop_reason`` other
than the three a script may give (or none), ``usage`` that is not an object. A script holding one
is refused before the run.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fixloop.protocols import ModelCallEvent

STOP_REASONS = ("tool_use", "end_turn", "max_tokens", "stop_sequence")
#: The stop reasons a scripted reply may give (or leave out: it is filled in).
SCRIPT_STOP_REASONS = ("tool_use", "end_turn", "max_tokens")


@dataclass
class ReplyCheck:
    """What :func:`check_reply` found.

    Attributes:
        problem: the first problem as a phrase, or None for a usable reply.
        blocks: the content blocks kept (copies), in order.
        stop_reason: the reply's ``stop_reason`` as a string ("" when the reply is no object).
        defect: the first thing a scripted reply may not have, or None.
        defect_block: the 1-based block the defect is in, or None when it is the reply's.
    """

    problem: str | None
    blocks: list[dict[str, Any]] = field(default_factory=list)
    stop_reason: str = ""
    defect: str | None = None
    defect_block: int | None = None

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
        shape = type(reply).__name__
        return ReplyCheck(
            f"the reply is a {shape}, not an object",
            defect=f"a reply must be a JSON object, not {shape}",
        )
    stop = reply.get("stop_reason")
    content = reply.get("content")
    if content is None:
        content = []
    if not isinstance(content, list):
        return ReplyCheck(
            "its content is not a list of blocks",
            [],
            str(stop),
            "'content' must be a list of blocks",
        )
    kept: list[dict[str, Any]] = []
    dropped = 0
    defect: str | None = None
    defect_block: int | None = None
    for j, b in enumerate(content, start=1):
        kind = b.get("type") if isinstance(b, Mapping) else None
        flaw = _block_defect(b, kind)
        if flaw and defect is None:
            defect, defect_block = flaw, j
        if kind == "text" and isinstance(b.get("text"), str):
            kept.append(dict(b))
        elif kind in ("tool_use", "thinking", "redacted_thinking"):
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
    if defect is None:
        if stop is not None and stop not in SCRIPT_STOP_REASONS:
            defect = f"stop_reason must be one of {', '.join(SCRIPT_STOP_REASONS)}"
        elif reply.get("usage") is not None and not isinstance(reply.get("usage"), Mapping):
            defect = "'usage' must be an object"
    return ReplyCheck(problem, kept, str(stop), defect, defect_block)


def _block_defect(block: Any, kind: Any) -> str | None:
    if not isinstance(kind, str):
        return "a block must be an object with a 'type'"
    if kind == "tool_use" and not isinstance(block.get("name"), str):
        return "a tool_use block needs a 'name'"
    if kind == "text" and not isinstance(block.get("text", ""), str):
        return "a text block's 'text' must be a string"
    return None


def model_call_event(step: int, reply: Any, latency_s: float) -> ModelCallEvent:
    """The ``model_call`` event of one call.

    The 1-based ``step``, the reply's usage, the latency in seconds (rounded to ms) and the reply
    (its ``repr`` when it is no object).
    """
    usage = reply.get("usage") if isinstance(reply, Mapping) else None
    return ModelCallEvent(
        step=step,
        usage=dict(usage) if isinstance(usage, Mapping) else None,
        latency_s=round(latency_s, 3),
        reply=reply if isinstance(reply, Mapping) else repr(reply),
    )
