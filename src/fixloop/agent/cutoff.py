"""Replies cut at the output limit (``max_tokens``): counting them and what the model is told.

A reply cut at the output limit never runs its tool calls: a cut call may miss an argument or hold
half a string (the provider adapters remove them and have already asked once more with a larger
budget; the loop removes any left by another model). Every cut reply is counted
(``counters.truncated_replies``); the model is told its reply was cut, or asked to go on for cut
text; a second cut reply in a row ends the run (:class:`~fixloop.errors.OutputLimit`).

The loop (:mod:`.loop`) calls :func:`count_cut` after every reply and :func:`cut_answer` for a cut
reply; both return what to do and never call back into the loop.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fixloop import errors, prompts
from fixloop.events import Events
from fixloop.types import Counters

Block = dict[str, Any]


def count_cut(
    reply: Any, blocks: list[Block], cut: bool, events: Events, counters: Counters
) -> list[str]:
    """Account for the replies cut at the output limit during one model call.

    Says the adapter's ``notices`` as notice events and adds the cut replies (the adapter's
    ``cut_replies``, else 1 when ``cut``) to ``counters.truncated_replies``.

    Args:
        reply: the model's reply (a mapping; anything else counts nothing).
        blocks: the reply's checked content blocks, before the cut tool calls are removed.
        cut: True when the reply stopped at ``max_tokens``.
        events: the run's event emitter.
        counters: the run's counters, updated in place.

    Returns:
        the names of the tool calls the cut removed (the reply's own and the adapter's
        ``truncated.dropped_tool_calls``); empty when not ``cut``.
    """
    if not isinstance(reply, Mapping):
        return []
    for note in reply.get("notices") or []:
        events.notice(f"model: {note}")
    n = reply.get("cut_replies")
    counted = n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else int(cut)
    counters.truncated_replies += counted
    if not cut:
        return []
    marked = reply.get("truncated")
    names = [str(b.get("name")) for b in blocks if b["type"] == "tool_use"]
    if isinstance(marked, Mapping):
        names += [str(d.get("name")) for d in marked.get("dropped_tool_calls") or []]
    return names


def cut_answer(reply: Any, dropped: list[str], cut_before: bool, events: Events) -> str:
    """What the model is told after a reply cut at the output limit.

    Args:
        reply: the cut reply (its ``truncated.output_limit`` names the limit when given).
        dropped: the names of the tool calls the cut removed (:func:`count_cut`).
        cut_before: True when the previous reply was cut too.
        events: the run's event emitter (one notice).

    Returns:
        the text of the next user message.

    Raises:
        fixloop.errors.OutputLimit: when ``cut_before`` (the second cut reply in a row).
    """
    marked = reply.get("truncated") if isinstance(reply, Mapping) else None
    limit = marked.get("output_limit") if isinstance(marked, Mapping) else None
    limit_text = f"{limit} tokens" if isinstance(limit, int) else "the output-token limit"
    if cut_before:
        what = f" inside {', '.join(dropped)}" if dropped else ""
        raise errors.OutputLimit(
            f"the model's replies were cut at the output limit ({limit_text}) twice in a "
            f"row{what}; no cut tool call was run"
        )
    if dropped:
        calls_text = " and ".join(f"a call to {name}" for name in dropped)
        events.notice(
            f"reply cut at the output limit ({limit_text}) inside {', '.join(dropped)}: "
            "not run; telling the model"
        )
        return prompts.REPLY_CUT.format(limit=limit_text, calls=calls_text)
    events.notice("reply cut off at max_tokens: asking the model to continue")
    return prompts.CONTINUE_AFTER_MAX_TOKENS
