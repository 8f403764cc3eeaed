"""Splitting a long text message into SMS segments at word boundaries."""

from __future__ import annotations

SEGMENT = 160
COUNTER_WIDTH = len("(9/9) ")


class WordTooLong(ValueError):
    """A single word longer than a segment."""


def split_message(text: str, limit: int = SEGMENT) -> list[str]:
    """The segments to send; several segments are numbered "(1/3) ...".

    Words are never cut; the numbering counts against the limit.
    """

    def segments(words: list[str], room: int) -> list[str]:
        out: list[str] = []
        current = ""
        for w in words:
            if len(w) > room:
                raise WordTooLong(w[:20])
            if current and len(current) + 1 + len(w) > room:
                out.append(current)
                current = w
            else:
                current = f"{current} {w}" if current else w
        return out

    words = text.split()
    parts = segments(words, limit)
    if len(parts) <= 1:
        return parts
    parts = segments(words, limit - COUNTER_WIDTH)
    return [f"({i}/{len(parts)}) {p}" for i, p in enumerate(parts, 1)]


def needs_unicode(text: str) -> bool:
    """Whether the text leaves the 7-bit alphabet (such segments cost double)."""
    return any(ord(c) > 127 for c in text)


def cost(text: str, price_per_segment: float = 0.09) -> float:
    rate = price_per_segment * 2 if needs_unicode(text) else price_per_segment
    return round(len(split_message(text)) * rate, 2)
