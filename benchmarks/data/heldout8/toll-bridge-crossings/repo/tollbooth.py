"""Daily crossings and takings of a toll bridge, from the booth's time-ordered log."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

TOLLS = {"car": 2.5, "van": 4.0, "lorry": 9.0, "motorbike": 1.0}


@dataclass(frozen=True)
class Crossing:
    at: datetime
    vehicle: str
    prepaid: bool = False


class Booth:
    def __init__(self, name: str) -> None:
        self.name = name
        self.log: list[Crossing] = []

    def record(self, crossing: Crossing) -> None:
        if crossing.vehicle not in TOLLS:
            raise ValueError(f"unknown vehicle class {crossing.vehicle!r}")
        if self.log and crossing.at < self.log[-1].at:
            raise ValueError("the log is kept in time order")
        self.log.append(crossing)

    def daily_takings(self) -> dict[str, float]:
        """Cash taken per day (prepaid crossings pay nothing at the booth), keyed by ISO date."""
        out: dict[str, float] = {}
        day = None
        total = 0.0
        for c in self.log:
            if c.at.date().isoformat() != day:
                day = c.at.date().isoformat()
            if not c.prepaid:
                total += TOLLS[c.vehicle]
            out[day] = round(total, 2)
        return out

    def busiest_hour(self) -> int | None:
        hours = [c.at.hour for c in self.log]
        if not hours:
            return None
        return max(set(hours), key=lambda h: (hours.count(h), -h))
