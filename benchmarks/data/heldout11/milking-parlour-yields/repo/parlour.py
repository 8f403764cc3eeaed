"""A milking parlour's yield log: litres per milking, summed per cow and day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Milking:
    cow: str
    day: date
    litres: float


class YieldLog:
    """The milkings the parlour's meters sent, kept sorted by cow, then by day."""

    def __init__(self, milkings: list[Milking]) -> None:
        self.milkings = sorted(milkings, key=lambda m: (m.cow, m.day))

    def daily_totals(self) -> dict[tuple[str, date], float]:
        """Litres per (cow, day), summed over the day's milkings."""
        totals: dict[tuple[str, date], float] = {}
        current: tuple[str, date] | None = None
        litres = 0.0
        for m in self.milkings:
            key = (m.cow, m.day)
            if key != current:
                if current is not None:
                    totals[current] = round(litres, 1)
                current = key
            litres += m.litres
        if current is not None:
            totals[current] = round(litres, 1)
        return totals

    def herd_total(self, day: date) -> float:
        """Litres from the whole herd on one day."""
        return round(sum(v for (_, d), v in self.daily_totals().items() if d == day), 1)

    def best_day(self, cow: str) -> date | None:
        """The day a cow gave the most milk (None for a cow not in the log)."""
        days = {d: v for (c, d), v in self.daily_totals().items() if c == cow}
        return max(days, key=lambda d: days[d]) if days else None

    def low_yielders(self, day: date, below: float) -> list[str]:
        """Cows milked on ``day`` that gave less than ``below`` litres, by name (the vet's list)."""
        return sorted(c for (c, d), v in self.daily_totals().items() if d == day and v < below)
