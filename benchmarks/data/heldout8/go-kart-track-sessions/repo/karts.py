"""Karts of an indoor go-kart track: karts out on the track by size, drivers and best laps."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Kart:
    number: int
    size: str  # "junior" or "adult"


@dataclass
class Track:
    fleet: list[Kart]
    on_track: Counter[str] = field(default_factory=Counter)
    driving: dict[int, str] = field(default_factory=dict)
    best_lap: dict[str, float] = field(default_factory=dict)

    def available(self, size: str) -> int:
        total = sum(1 for k in self.fleet if k.size == size)
        return total - self.on_track[size]

    def send_out(self, kart: Kart, driver: str) -> None:
        if kart.number in self.driving:
            raise ValueError(f"kart {kart.number} is already out")
        if not self.available(kart.size):
            raise RuntimeError(f"no {kart.size} kart left")
        self.driving[kart.number] = driver
        self.on_track[kart.size] += 1

    def bring_in(self, kart: Kart, laps: list[float]) -> str:
        """The kart comes back to the pits: returns its driver and records the best lap."""
        driver = self.driving.pop(kart.number)
        if laps:
            best = min(laps)
            if best < self.best_lap.get(driver, float("inf")):
                self.best_lap[driver] = best
        return driver

    def leaderboard(self) -> list[tuple[str, float]]:
        return sorted(self.best_lap.items(), key=lambda item: item[1])
