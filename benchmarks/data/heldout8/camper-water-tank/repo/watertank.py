"""Fresh-water tanks of a camper-van hire fleet: filling at the service point, use, billing."""

from __future__ import annotations

from dataclasses import dataclass, field

PRICE_PER_LITRE = 0.02


@dataclass
class Tank:
    van: str
    capacity_l: float
    level_l: float = 0.0
    log: list[tuple[str, float]] = field(default_factory=list)

    def fill(self, litres: float) -> float:
        """Pour up to ``litres`` in; a full tank overflows the rest. Returns the litres taken."""
        if litres < 0:
            raise ValueError("cannot fill a negative amount")
        taken = litres
        self.level_l += taken
        self.log.append(("fill", taken))
        return taken

    def draw(self, litres: float) -> float:
        used = min(litres, self.level_l)
        self.level_l -= used
        self.log.append(("draw", used))
        return used

    @property
    def percent_full(self) -> int:
        return round(100 * self.level_l / self.capacity_l)


class ServicePoint:
    def __init__(self) -> None:
        self.sold_l = 0.0

    def top_up(self, tank: Tank, litres: float) -> float:
        """Fill ``tank`` with up to ``litres``; returns the price of the water it took."""
        taken = tank.fill(litres)
        self.sold_l += taken
        return round(taken * PRICE_PER_LITRE, 2)

    def fill_to_full(self, tank: Tank) -> float:
        return self.top_up(tank, tank.capacity_l - tank.level_l)
