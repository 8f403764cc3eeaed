"""Climb rates of a glider from its logger's fixes: the thermals of a flight, the best climb."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Fix:
    seconds: int
    altitude_m: float


@dataclass
class Climb:
    fixes: list[Fix] = field(default_factory=list)

    def add(self, fix: Fix) -> None:
        if self.fixes and fix.seconds <= self.fixes[-1].seconds:
            raise ValueError("fixes come in time order")
        self.fixes.append(fix)

    @property
    def gain_m(self) -> float:
        if not self.fixes:
            return 0.0
        return self.fixes[-1].altitude_m - self.fixes[0].altitude_m

    @property
    def rate(self) -> float:
        """The average climb in m/s from the first fix to the last; 0.0 without two fixes."""
        if len(self.fixes) == 0:
            return 0.0
        duration = self.fixes[-1].seconds - self.fixes[0].seconds
        return round(self.gain_m / duration, 2)


def thermals(fixes: list[Fix], min_rate: float = 0.5) -> list[Climb]:
    """Split a flight into climbs: runs of fixes where each step rises ``min_rate`` m/s or more."""
    out: list[Climb] = []
    current = Climb()
    for before, after in zip(fixes, fixes[1:]):
        step = (after.altitude_m - before.altitude_m) / (after.seconds - before.seconds)
        if step >= min_rate:
            if not current.fixes:
                current.add(before)
            current.add(after)
        elif current.fixes:
            out.append(current)
            current = Climb()
    if current.fixes:
        out.append(current)
    return out


def best_climb(fixes: list[Fix]) -> float:
    return max((c.rate for c in thermals(fixes)), default=0.0)
