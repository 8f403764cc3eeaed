"""Livestock market: ear tags read at the sale-ring gate; each animal is sold once a day."""

from __future__ import annotations

import re

TAG = re.compile(r"([A-Z]{2}) ?(\d{6})")


def parse_tag(raw: str) -> str:
    """A tag as the wand reads it ('uk 123456', ' UK123456') in its printed form 'UK123456'."""
    m = TAG.fullmatch(raw.strip().upper())
    if not m:
        raise ValueError(f"unreadable tag {raw!r}")
    return m.group(1) + m.group(2)


class SaleRing:
    """One market day at the ring."""

    def __init__(self) -> None:
        self.seen: set[str] = set()  # tags already through the ring today
        self.unreadable: list[str] = []
        self.lots: list[str] = []

    def gate(self, reads: list[str]) -> list[str]:
        """Animals entering from one pen; a tag already through the ring is not sold again."""
        entered = []
        for raw in reads:
            try:
                tag = parse_tag(raw)
            except ValueError:
                self.unreadable.append(raw)
                continue
            if tag in self.seen:
                continue
            entered.append(tag)
        self.lots.extend(entered)
        return entered

    def lot_number(self, raw: str) -> int:
        """Lots are numbered from 1 in the order the animals entered."""
        return self.lots.index(parse_tag(raw)) + 1

    def report(self) -> dict[str, int]:
        return {"sold": len(self.lots), "unreadable": len(self.unreadable)}
