"""Truffle hunting: weights and dogs picked out of the hunters' field notes."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

DOG = re.compile(r"\bdog:\s*([A-Z][a-z]+)")
PRICE_PER_G = {"black": 1.2, "white": 4.5}  # euros


@dataclass
class Note:
    hunter: str
    kind: str  # "black" or "white"
    text: str

    def grams(self) -> float:
        """Total weight of the finds the note mentions ('35g', '12.5 g')."""
        return sum(float(w) for w in re.findall(r"(\d+)\s?g\b", self.text))

    def dog(self) -> str | None:
        m = DOG.search(self.text)
        return m.group(1) if m else None

    def value(self) -> float:
        return round(self.grams() * PRICE_PER_G[self.kind], 2)


@dataclass
class Season:
    notes: list[Note] = field(default_factory=list)

    def by_hunter(self) -> dict[str, float]:
        """Grams found per hunter."""
        totals: dict[str, float] = {}
        for note in self.notes:
            totals[note.hunter] = totals.get(note.hunter, 0.0) + note.grams()
        return totals

    def best_dog(self) -> str | None:
        """The dog whose finds weigh the most."""
        grams: dict[str, float] = {}
        for note in self.notes:
            dog = note.dog()
            if dog is not None:
                grams[dog] = grams.get(dog, 0.0) + note.grams()
        return max(grams, key=lambda d: grams[d]) if grams else None
