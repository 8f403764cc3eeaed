"""Velodrome training: lap times of a track session and their summary."""

from dataclasses import dataclass, field

TRACK_M = 250


@dataclass
class Rider:
    name: str
    laps_s: list[float] = field(default_factory=list)

    def lap(self, seconds: float) -> None:
        if seconds <= 0:
            raise ValueError("lap time must be positive")
        self.laps_s.append(seconds)

    def best(self) -> float:
        return min(self.laps_s)

    def distance_km(self) -> float:
        return len(self.laps_s) * TRACK_M / 1000


def summary(rider: Rider) -> dict[str, object]:
    """Laps, best lap and average speed in km/h, rounded to 0.1 km/h."""
    hours = sum(rider.laps_s) / 3600
    return {
        "rider": rider.name,
        "laps": len(rider.laps_s),
        "best_s": rider.best(),
        "avg_kmh": rider.distance_km() / hours,
    }


def flying_laps(rider: Rider, under_s: float) -> int:
    return sum(1 for t in rider.laps_s if t < under_s)


class Session:
    def __init__(self) -> None:
        self.riders: dict[str, Rider] = {}

    def record(self, name: str, seconds: float) -> None:
        self.riders.setdefault(name, Rider(name)).lap(seconds)

    def podium(self) -> list[str]:
        return [r.name for r in sorted(self.riders.values(), key=Rider.best)[:3]]
