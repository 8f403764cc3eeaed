"""A dog-grooming salon's appointment book."""

from __future__ import annotations


class SlotTaken(RuntimeError):
    """The slot is already booked."""


class NotASlot(ValueError):
    """A time that is not the start of one of the day's slots."""


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


class Salon:
    """One groomer's day. A full groom (wash, clip, dry) takes 45 minutes unless the salon says
    otherwise; slots start at opening time and the last one ends by closing time."""

    def __init__(
        self,
        opens: str = "09:00",
        closes: str = "17:00",
        slot_minutes: int = 30,
    ) -> None:
        self.opens = _minutes(opens)
        self.closes = _minutes(closes)
        self.slot_minutes = slot_minutes
        self.booked: dict[str, str] = {}

    def slots(self) -> list[str]:
        last_start = self.closes - self.slot_minutes
        return [_hhmm(t) for t in range(self.opens, last_start + 1, self.slot_minutes)]

    def free(self) -> list[str]:
        return [s for s in self.slots() if s not in self.booked]

    def book(self, start: str, dog: str) -> None:
        if start not in self.slots():
            raise NotASlot(start)
        if start in self.booked:
            raise SlotTaken(start)
        self.booked[start] = dog

    def day_sheet(self) -> list[str]:
        return [f"{s}  {self.booked.get(s, '-')}" for s in self.slots()]
