"""Planetarium: show bookings imported from the box office's CSV export, and the seat plan."""

import csv
import io
from dataclasses import dataclass

UNRESERVED = "free seating"


@dataclass(frozen=True)
class Booking:
    ref: str
    show: str
    guests: int
    seat: str

    @property
    def reserved(self) -> bool:
        return self.seat != UNRESERVED

    @classmethod
    def from_row(cls, row: dict[str, str]) -> "Booking":
        """One CSV row (ref, show, guests, seat); the seat may be missing or blank."""
        return cls(
            ref=row["ref"].strip(),
            show=row["show"].strip(),
            guests=int(row["guests"]),
            seat=row.get("seat"),
        )


class Show:
    def __init__(self, title: str, dome_seats: int) -> None:
        self.title = title
        self.dome_seats = dome_seats
        self.bookings: list[Booking] = []

    def guests(self) -> int:
        return sum(b.guests for b in self.bookings)

    def seat_plan(self) -> dict[str, str]:
        """Reserved seat -> booking reference."""
        return {b.seat: b.ref for b in self.bookings if b.reserved}


def import_bookings(text: str, shows: dict[str, Show]) -> int:
    """Add each CSV row of ``text`` to its show; returns the number of rows added."""
    added = 0
    for row in csv.DictReader(io.StringIO(text)):
        booking = Booking.from_row(row)
        show = shows[booking.show]
        if show.guests() + booking.guests > show.dome_seats:
            raise ValueError(f"{booking.ref}: the show {show.title!r} is full")
        show.bookings.append(booking)
        added += 1
    return added
