"""A company car's logbook: odometer readings at each stop, split into legs for expenses."""

from __future__ import annotations

from dataclasses import dataclass

RATE_PER_KM = 0.30


class OdometerWentBack(ValueError):
    """A reading lower than the one before it."""


@dataclass(frozen=True)
class Leg:
    origin: str
    destination: str
    km: float


class Logbook:
    def __init__(self, depot: str, start_km: float) -> None:
        self.depot = depot
        self.start_km = start_km
        self.readings: list[tuple[str, float]] = []

    def stop(self, place: str, odometer_km: float) -> None:
        last = self.readings[-1][1] if self.readings else self.start_km
        if odometer_km < last:
            raise OdometerWentBack(f"{place}: {odometer_km} < {last}")
        self.readings.append((place, odometer_km))

    def legs(self) -> list[Leg]:
        """One leg per stop, from the stop before it (the depot for the first)."""
        legs = []
        prev_place, prev_km = self.depot, self.start_km
        for place, km in self.readings:
            legs.append(Leg(prev_place, place, round(km - prev_km, 1)))
        return legs

    def total_km(self) -> float:
        return round(self.readings[-1][1] - self.start_km, 1) if self.readings else 0.0

    def longest(self) -> Leg | None:
        legs = self.legs()
        return max(legs, key=lambda g: g.km) if legs else None

    def claim(self) -> float:
        """The mileage claim in euros: every leg at the company rate."""
        return round(sum(g.km for g in self.legs()) * RATE_PER_KM, 2)
