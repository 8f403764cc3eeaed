"""An arboretum's tree survey: trunk girths measured at chest height, sorted into age classes."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

# girth in cm at 1.5 m: young under 100; mature from 100 to under 300;
# veteran from 300 to under 500; ancient from 500 up
VETERAN_CM = 300


@dataclass(frozen=True)
class Tree:
    tag: int
    species: str
    girth_cm: float


class Survey:
    """One season's measurements."""

    def __init__(self, trees: list[Tree]) -> None:
        self.trees = trees

    def classes(self) -> Counter[str]:
        """How many trees fall in each age class."""
        counts: Counter[str] = Counter()
        for t in self.trees:
            if t.girth_cm < 100:
                counts["young"] += 1
            elif t.girth_cm <= 300:
                counts["mature"] += 1
            elif t.girth_cm < 500:
                counts["veteran"] += 1
            else:
                counts["ancient"] += 1
        return counts

    def notable(self) -> list[int]:
        """Tags of the trees on the heritage register (veteran or ancient), sorted."""
        return sorted(t.tag for t in self.trees if t.girth_cm >= VETERAN_CM)

    def by_species(self) -> dict[str, float]:
        """The largest girth of each species."""
        out: dict[str, float] = {}
        for t in self.trees:
            out[t.species] = max(out.get(t.species, 0.0), t.girth_cm)
        return out
