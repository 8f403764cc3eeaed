"""A taxi meter: tariffs by time of day, distance and waiting time, and the fare to pay."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tariff:
    name: str
    flag_fall: float
    per_km: float
    per_wait_min: float
    minimum: float


DAY = Tariff("day", 3.5, 1.9, 0.5, 6.0)
NIGHT = Tariff("night", 4.5, 2.3, 0.6, 8.0)


def tariff_at(hour: int) -> Tariff:
    return NIGHT if hour >= 22 or hour < 6 else DAY


@dataclass
class Trip:
    km: float
    wait_min: float
    hour: int
    tariff: Tariff | None = None  # a fixed tariff (e.g. a contract) instead of the time of day

    def fare(self) -> float:
        """The fare in euros to the cent: flag fall, distance and waiting; at least the minimum."""
        t = self.tariff or tariff_at(self.hour)
        metered = t.flag_fall + self.km * t.per_km + self.wait_min * t.per_wait_min
        return round(max(t.minimum, metered, 2))


class Shift:
    def __init__(self, driver: str) -> None:
        self.driver = driver
        self.trips: list[Trip] = []

    def drive(self, trip: Trip) -> float:
        self.trips.append(trip)
        return trip.fare()

    def takings(self) -> float:
        return round(sum(t.fare() for t in self.trips), 2)
