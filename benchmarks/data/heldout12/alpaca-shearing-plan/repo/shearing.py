"""Alpaca farm: the shearing plan, pen after pen from the first day of shearing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass
class Pen:
    name: str
    alpacas: int


class ShearingPlan:
    """Pens in shearing order; shearing day 1 is ``start``."""

    def __init__(self, start: date, pens: list[Pen], per_day: int = 20) -> None:
        self.start = start
        self.pens = pens
        self.per_day = per_day  # alpacas the shearer manages in a day

    def date_of(self, day: int) -> date:
        """The date of shearing day ``day`` (day 1 is the start date)."""
        if day < 1:
            raise ValueError("shearing days count from 1")
        return self.start + timedelta(days=day)

    def day_number(self, when: date) -> int:
        """Which shearing day ``when`` is."""
        return (when - self.start).days + 1

    def days_needed(self, pen: Pen) -> int:
        return -(-pen.alpacas // self.per_day)

    def plan(self) -> list[tuple[str, date]]:
        """Each pen with the date its shearing starts; a pen starts the day after the last."""
        out, day = [], 1
        for pen in self.pens:
            out.append((pen.name, self.date_of(day)))
            day += self.days_needed(pen)
        return out

    def last_day(self) -> date:
        """The date the last pen is finished."""
        return self.date_of(sum(self.days_needed(p) for p in self.pens))
