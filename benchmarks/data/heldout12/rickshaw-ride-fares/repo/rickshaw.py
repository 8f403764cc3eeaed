"""Rickshaw fleet: ride fares for the riders' shift sheets."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

FLAG_FALL = 3.0  # per ride
PER_MINUTE = 0.5


@dataclass
class Ride:
    rider: str
    pickup: datetime
    dropoff: datetime | None = None  # None while the ride is under way

    @property
    def minutes(self) -> int | None:
        """Whole minutes of the ride; None while it is under way."""
        return int((self.dropoff - self.pickup).total_seconds() // 60)

    def fare(self) -> float | None:
        minutes = self.minutes
        return None if minutes is None else FLAG_FALL + PER_MINUTE * minutes

    def line(self) -> str:
        """'14:05 Sam: 9.50', or 'under way' in place of the fare."""
        fare = self.fare()
        shown = "under way" if fare is None else f"{fare:.2f}"
        return f"{self.pickup:%H:%M} {self.rider}: {shown}"


@dataclass
class Shift:
    rides: list[Ride] = field(default_factory=list)

    def takings(self) -> float:
        """Fares of the finished rides."""
        return sum(r.fare() or 0.0 for r in self.rides if r.dropoff is not None)

    def under_way(self) -> list[str]:
        return [r.rider for r in self.rides if r.dropoff is None]

    def sheet(self) -> list[str]:
        """The shift sheet, by pick-up time."""
        return [r.line() for r in sorted(self.rides, key=lambda r: r.pickup)]
