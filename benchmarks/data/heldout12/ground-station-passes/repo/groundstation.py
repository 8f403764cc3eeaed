"""Satellite ground station: next-pass times, asked of the orbit service once per satellite."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta


def remembered(fetch: Callable[[str], datetime]) -> Callable[[str], datetime | None]:
    """Wrap ``fetch`` so that the service is asked once per satellite.

    A request that timed out gives None and is not remembered: that satellite is asked again
    the next time.
    """
    known: dict[str, datetime] = {}

    def lookup(sat: str) -> datetime | None:
        if sat in known:
            return known[sat]
        try:
            when = fetch(sat)
        except TimeoutError:
            return None
        return when

    return lookup


@dataclass
class Pass:
    sat: str
    start: datetime
    minutes: int

    @property
    def end(self) -> datetime:
        return self.start + timedelta(minutes=self.minutes)


class Schedule:
    """The antenna's bookings."""

    def __init__(self, fetch: Callable[[str], datetime]) -> None:
        self.next_pass = remembered(fetch)
        self.booked: list[Pass] = []

    def book(self, sat: str, minutes: int) -> Pass | None:
        """Book the antenna for the satellite's next pass (None when the service timed out)."""
        start = self.next_pass(sat)
        if start is None:
            return None
        booking = Pass(sat, start, minutes)
        self.booked.append(booking)
        return booking

    def clashes(self) -> list[tuple[str, str]]:
        """Pairs of booked passes that overlap, in time order."""
        passes = sorted(self.booked, key=lambda p: p.start)
        return [(a.sat, b.sat) for a, b in zip(passes, passes[1:]) if b.start < a.end]
