"""Bookings of an alpine hut: bunks per night, half board, and the confirmation message."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

HALF_BOARD = 32.0
BUNK_PRICE = {"member": 18.0, "guest": 29.0}


@dataclass
class Booking:
    guest: str
    arrive: date
    nights: int
    bunks: int
    member: bool = False


@dataclass
class Hut:
    name: str
    bunks: int
    taken: dict[date, int] = field(default_factory=dict)

    def free_on(self, day: date) -> int:
        return self.bunks - self.taken.get(day, 0)

    def book(self, b: Booking) -> str:
        """Reserve the bunks for every night of the stay; returns the confirmation text."""
        days = [b.arrive + timedelta(days=i) for i in range(b.nights)]
        if any(self.free_on(d) < b.bunks for d in days):
            raise ValueError(f"{self.name} is full")
        for d in days:
            self.taken[d] = self.taken.get(d, 0) + b.bunks
        return self.confirmation(b)

    def price(self, b: Booking) -> float:
        rate = BUNK_PRICE["member" if b.member else "guest"] + HALF_BOARD
        return round(rate * b.bunks * b.nights, 2)

    def confirmation(self, b: Booking) -> str:
        unit = "night" if b.nights == 1 else "nights"
        leave = b.arrive + timedelta(days=b.nights)
        total = self.price(b)
        return (
            f"{self.name}: {b.bunks} bunks for {b.guest}, {b.nights} {units} "
            f"({b.arrive:%d.%m.}-{leave:%d.%m.}), {total:.2f} EUR"
        )
