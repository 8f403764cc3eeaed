"""A falconry centre's mews: each bird is housed in a free mews (an aviary) big enough for it."""

from __future__ import annotations

from dataclasses import dataclass

SIZES = {"small": 1, "medium": 2, "large": 3}


@dataclass
class Mews:
    number: int
    size: str
    bird: str | None = None


class NoMewsFree(Exception):
    """No free mews is big enough for the bird."""


class Centre:
    """The mews of the centre, smallest first (lowest number first within a size)."""

    def __init__(self, mews: list[Mews]) -> None:
        self.mews = sorted(mews, key=lambda m: (SIZES[m.size], m.number))

    def house(self, bird: str, size: str) -> int:
        """Put a bird in the smallest free mews big enough for it; return the mews number.

        Raises ``NoMewsFree`` when no free mews is big enough.
        """
        for m in self.mews:
            if m.bird is None and SIZES[m.size] >= SIZES[size]:
                m.bird = bird
        else:
            raise NoMewsFree(f"no free {size} mews for {bird}")
        return m.number

    def release(self, bird: str) -> None:
        """The bird leaves (flown, sold or retired); its mews is free again."""
        for m in self.mews:
            if m.bird == bird:
                m.bird = None

    def occupancy(self) -> dict[int, str | None]:
        """Who lives in each mews, by mews number."""
        return {m.number: m.bird for m in sorted(self.mews, key=lambda m: m.number)}

    def free(self, size: str) -> int:
        """How many free mews could take a bird of this size."""
        return sum(m.bird is None and SIZES[m.size] >= SIZES[size] for m in self.mews)
