"""A lavender farm's guided tours: each tour runs on some weekdays, kept as a bit mask."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

DAY_NAMES = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def bit(weekday: int) -> int:
    """The mask bit of a weekday (0 = Monday)."""
    return 1 << weekday


@dataclass
class Tour:
    name: str
    days: int = 0  # bit ``1 << d`` set: the tour runs on weekday d
    places: int = 20

    def add_day(self, weekday: int) -> None:
        self.days |= bit(weekday)

    def cancel_day(self, weekday: int) -> None:
        self.days &= ~bit(weekday)

    def runs_on(self, day: date) -> bool:
        """True when the tour runs on that date's weekday."""
        return bool(self.days ^ bit(day.weekday()))

    def day_names(self) -> list[str]:
        """The weekdays it runs, Monday first."""
        return [DAY_NAMES[d] for d in range(7) if self.days & bit(d)]


def timetable(tours: list[Tour], start: date, days: int = 7) -> dict[date, list[str]]:
    """The tours running on each of ``days`` dates from ``start``."""
    out: dict[date, list[str]] = {}
    for i in range(days):
        day = start + timedelta(days=i)
        out[day] = [t.name for t in tours if t.runs_on(day)]
    return out


def places_on(tours: list[Tour], day: date) -> int:
    """Visitor places on all tours of a date."""
    return sum(t.places for t in tours if t.runs_on(day))
