"""Booking fittings at a tailor's: the earliest free slot long enough, day by day."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, time


@dataclass
class Slot:
    start: time
    minutes: int
    client: str | None = None


@dataclass
class Diary:
    days: dict[date, list[Slot]] = field(default_factory=dict)

    def open_day(self, day: date, slots: list[tuple[time, int]]) -> None:
        self.days[day] = [Slot(start, minutes) for start, minutes in sorted(slots)]

    def free(self, day: date) -> list[time]:
        return [s.start for s in self.days.get(day, []) if s.client is None]

    def book(self, client: str, need_min: int, earliest: date) -> tuple[date, time] | None:
        """Book the earliest free slot of at least ``need_min`` minutes on or after ``earliest``."""
        found: tuple[date, Slot] | None = None
        for day in sorted(d for d in self.days if d >= earliest):
            for slot in self.days[day]:
                if slot.client is None and slot.minutes >= need_min:
                    found = (day, slot)
            if found:
                break
        if found is None:
            return None
        day, slot = found
        slot.client = client
        return day, slot.start

    def cancel(self, client: str) -> int:
        """Free every slot of ``client``; returns how many there were."""
        cancelled = 0
        for slots in self.days.values():
            for slot in slots:
                if slot.client == client:
                    slot.client = None
                    cancelled += 1
        return cancelled
