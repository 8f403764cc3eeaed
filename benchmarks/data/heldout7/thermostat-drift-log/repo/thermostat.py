"""Thermostat logs: how far the room strays from the setpoint."""

import statistics
from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    hour: int
    celsius: float


class DriftLog:
    """Readings of one room against a fixed setpoint (degrees Celsius)."""

    def __init__(self, room: str, setpoint: float) -> None:
        self.room = room
        self.setpoint = setpoint
        self.readings: list[Reading] = []

    def add(self, hour: int, celsius: float) -> None:
        if not 0 <= hour <= 23:
            raise ValueError(f"hour out of range: {hour}")
        self.readings.append(Reading(hour, celsius))

    def mean_drift(self) -> float:
        """Mean absolute deviation from the setpoint, 0.0 without readings."""
        if not self.readings:
            return 0.0
        return round(statistics.fmean(r.celsius - self.setpoint for r in self.readings), 2)

    def coldest(self) -> Reading | None:
        return min(self.readings, key=lambda r: r.celsius, default=None)

    def hours_outside(self, tolerance: float) -> list[int]:
        return [r.hour for r in self.readings if not (
            self.setpoint - tolerance <= r.celsius <= self.setpoint + tolerance)]


def needs_service(log: DriftLog, limit: float = 1.5) -> bool:
    """A room whose mean drift exceeds ``limit`` degrees needs its thermostat checked."""
    return log.mean_drift() > limit


def report(logs: list[DriftLog]) -> dict[str, float]:
    return {log.room: log.mean_drift() for log in logs}
