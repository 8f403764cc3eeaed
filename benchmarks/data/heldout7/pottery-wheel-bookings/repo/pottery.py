"""Pottery studio: wheels booked by the hour."""

from dataclasses import dataclass


class SlotTaken(Exception):
    """The wheel is already booked for part of the requested time."""


@dataclass(frozen=True)
class Booking:
    potter: str
    start: int  # hour of day
    end: int  # exclusive

    def overlaps(self, start: int, end: int) -> bool:
        return self.start < end and start < self.end


class Wheel:
    def __init__(self, number: int, opens: int = 9, closes: int = 21) -> None:
        self.number = number
        self.opens, self.closes = opens, closes
        self.bookings: list[Booking] = []

    def is_free(self, start: int, end: int) -> bool:
        return any(b.overlaps(start, end) for b in self.bookings)

    def book(self, potter: str, start: int, end: int) -> Booking:
        if not self.opens <= start < end <= self.closes:
            raise ValueError("outside opening hours")
        if not self.is_free(start, end):
            raise SlotTaken(f"wheel {self.number} {start}-{end}")
        booking = Booking(potter, start, end)
        self.bookings.append(booking)
        return booking

    def hours_booked(self) -> int:
        return sum(b.end - b.start for b in self.bookings)


def first_free_wheel(wheels: list[Wheel], start: int, end: int) -> int | None:
    for wheel in wheels:
        if wheel.is_free(start, end):
            return wheel.number
    return None
