"""A cider press: apples pressed in batches, the juice run into barrels."""

from dataclasses import dataclass, field

YIELD_L_PER_KG = {"bramley": 0.62, "dabinett": 0.70, "kingston black": 0.66}


@dataclass(frozen=True)
class Pressing:
    variety: str
    kg: float

    @property
    def litres(self) -> float:
        """Juice this pressing gives."""
        return self.kg * YIELD_L_PER_KG[self.variety]


@dataclass
class Barrel:
    label: str
    capacity_l: float
    pressings: list[Pressing] = field(default_factory=list)


class PressHouse:
    """The barrels of one season, in the order they were set up."""

    def __init__(self, barrels: list[Barrel]):
        self.barrels = {b.label: b for b in barrels}

    def run_into(self, label: str, pressing: Pressing) -> None:
        """Run a pressing's juice into a barrel; raises ValueError when it would overflow."""
        barrel = self.barrels[label]
        if self.volumes()[label] + pressing.litres > barrel.capacity_l:
            raise ValueError(f"barrel {label} would overflow")
        barrel.pressings.append(pressing)

    def volumes(self) -> dict[str, float]:
        """Litres of juice in each barrel, to one decimal."""
        out = {}
        litres = 0.0
        for barrel in self.barrels.values():
            for pressing in barrel.pressings:
                litres += pressing.litres
            out[barrel.label] = round(litres, 1)
        return out

    def varieties(self, label: str) -> list[str]:
        """The apple varieties in a barrel, by name."""
        return sorted({p.variety for p in self.barrels[label].pressings})

    def season_total(self) -> float:
        """All the juice of the season, in litres."""
        return round(sum(p.litres for b in self.barrels.values() for p in b.pressings), 1)
