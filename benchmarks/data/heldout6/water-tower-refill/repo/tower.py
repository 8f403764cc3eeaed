"""A village water tower: pumps fill it, the village draws from it, the overflow spills."""

from __future__ import annotations

from dataclasses import dataclass


class PumpFault(RuntimeError):
    """A pump asked to run for a negative time."""


@dataclass
class Pump:
    name: str
    litres_per_min: float


class Tower:
    """The tank: ``capacity`` and ``level`` in litres."""

    def __init__(self, capacity: float, level: float = 0.0) -> None:
        if not 0 <= level <= capacity:
            raise ValueError("level outside the tank")
        self.capacity = capacity
        self.level = level
        self.spilled = 0.0

    def free(self) -> float:
        return self.capacity - self.level

    def preview(self, inflow: float) -> tuple[float, float]:
        """What adding ``inflow`` litres would do: (litres spilled, level afterwards).

        The tank never holds more than its capacity; what does not fit spills.
        """
        total = self.level + inflow
        return max(0.0, total - self.capacity), total

    def add(self, inflow: float) -> float:
        """Add ``inflow`` litres; return the litres spilled."""
        spilled, self.level = self.preview(inflow)
        self.spilled += spilled
        return spilled

    def run(self, pump: Pump, minutes: float) -> float:
        if minutes < 0:
            raise PumpFault(f"{pump.name}: {minutes} min")
        return self.add(pump.litres_per_min * minutes)

    def draw(self, litres: float) -> float:
        """Take up to ``litres`` out; return what was taken."""
        taken = min(self.level, litres)
        self.level -= taken
        return taken

    def minutes_to_fill(self, pump: Pump) -> float:
        return round(self.free() / pump.litres_per_min, 1)
