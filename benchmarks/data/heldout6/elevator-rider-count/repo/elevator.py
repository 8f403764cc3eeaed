"""Counting riders in an office building's elevator car (the car's controller calls these)."""

from __future__ import annotations

import threading


class Overload(RuntimeError):
    """More riders than the car is rated for."""


class Car:
    def __init__(self, max_riders: int) -> None:
        self.max_riders = max_riders
        self.inside = 0
        self.boarded = 0
        self.alighted = 0
        self.stops: list[int] = []
        self._lock = threading.Lock()

    def board(self, n: int = 1) -> None:
        with self._lock:
            if self.inside + n > self.max_riders:
                raise Overload(f"{self.inside} + {n} > {self.max_riders}")
            self.boarded += n
            self.inside += n

    def alight(self, n: int = 1) -> None:
        with self._lock:
            if n > self.inside:
                raise ValueError("more riders leaving than inside")
            self.alighted += n

    def stop_at(self, floor: int, off: int, on: int) -> None:
        """A stop: ``off`` riders get out first, then ``on`` get in."""
        self.stops.append(floor)
        self.alight(off)
        self.board(on)

    def load(self) -> float:
        """Share of the rated capacity in use, 0.0-1.0."""
        return round(self.inside / self.max_riders, 2)

    def summary(self) -> str:
        return f"{len(self.stops)} stops, {self.boarded} in, {self.alighted} out, {self.inside} aboard"
