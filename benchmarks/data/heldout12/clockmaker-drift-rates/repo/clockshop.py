"""Clockmaker's workshop: how far a clock drifts, from its rate error in parts per million."""

from __future__ import annotations

from dataclasses import dataclass

SECONDS = {"minute": 60, "hour": 3600, "day": 3600, "week": 604800}
REGULATE_OVER_S_PER_WEEK = 30.0  # a clock further out than this goes on the bench


@dataclass
class Clock:
    owner: str
    movement: str
    ppm: float  # rate error: positive gains, negative loses

    def drift_s(self, per: str = "day") -> float:
        """Seconds gained (negative: lost) per ``per``, one of SECONDS."""
        if per not in SECONDS:
            raise ValueError(f"unknown period {per!r}")
        return self.ppm * SECONDS[per] / 1_000_000

    def days_until_off_by(self, seconds: float) -> float | None:
        """Days until the clock is ``seconds`` out (None for a clock that keeps perfect time)."""
        per_day = abs(self.drift_s("day"))
        return None if per_day == 0 else round(seconds / per_day, 1)

    def needs_regulating(self) -> bool:
        return abs(self.drift_s("week")) > REGULATE_OVER_S_PER_WEEK


class Workshop:
    def __init__(self) -> None:
        self.clocks: list[Clock] = []

    def take_in(self, clock: Clock) -> None:
        self.clocks.append(clock)

    def to_regulate(self) -> list[str]:
        """Owners of the clocks to regulate, by name."""
        return sorted(c.owner for c in self.clocks if c.needs_regulating())

    def ticket(self, clock: Clock) -> str:
        """The repair ticket line: 'Owner (movement): gains 1.7 s a day'."""
        drift = clock.drift_s("day")
        verb = "gains" if drift >= 0 else "loses"
        return f"{clock.owner} ({clock.movement}): {verb} {abs(drift):.1f} s a day"
