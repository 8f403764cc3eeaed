"""A weaving mill's yarn store: cones of yarn, their linear density and the warp they make."""

from __future__ import annotations

from dataclasses import dataclass


def tex(grams: float, metres: float, length: float = 1000) -> float:
    """Linear density in tex: grams per 1000 metres of yarn."""
    return round(grams / metres * length, 1)


def denier(grams: float, metres: float, length: float = 1000) -> float:
    """Linear density in denier: grams per 9000 metres of yarn."""
    return round(grams / metres * length, 1)


@dataclass
class Cone:
    """One cone of yarn: fibre, the net weight (g) and the length wound on it (m)."""

    fibre: str
    grams: float
    metres: float

    @property
    def tex(self) -> float:
        return tex(self.grams, self.metres)

    @property
    def denier(self) -> float:
        return denier(self.grams, self.metres)


class Store:
    """The cones on the shelves."""

    def __init__(self, cones: list[Cone]) -> None:
        self.cones = cones

    def warp_ends(self, fibre: str, warp_m: float) -> int:
        """How many warp ends of ``warp_m`` metres the cones of a fibre give (whole ends)."""
        return int(sum(c.metres for c in self.cones if c.fibre == fibre) // warp_m)

    def fine_silk(self, max_denier: float = 30.0) -> list[int]:
        """Indexes of the silk cones fine enough for scarves."""
        return [i for i, c in enumerate(self.cones) if c.fibre == "silk" and c.denier <= max_denier]

    def heaviest(self) -> Cone | None:
        """The cone with the thickest yarn (highest tex), or None for an empty store."""
        return max(self.cones, key=lambda c: c.tex, default=None)
