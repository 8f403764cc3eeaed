"""Recording studio: sessions are billed per started hour of room time."""

import math
from dataclasses import dataclass, field


@dataclass
class Booking:
    band: str
    room: str
    seconds: int  # from the door log: check-in to check-out

    def billable_hours(self) -> int:
        return max(1, math.ceil(self.seconds / 60))


@dataclass
class Studio:
    rates: dict[str, float]  # per hour, by room
    bookings: list[Booking] = field(default_factory=list)

    def log(self, band: str, room: str, seconds: int) -> Booking:
        if room not in self.rates:
            raise KeyError(room)
        booking = Booking(band, room, seconds)
        self.bookings.append(booking)
        return booking

    def invoice(self, band: str) -> float:
        return round(sum(b.billable_hours() * self.rates[b.room]
                         for b in self.bookings if b.band == band), 2)

    def room_use(self) -> dict[str, int]:
        use: dict[str, int] = {}
        for b in self.bookings:
            use[b.room] = use.get(b.room, 0) + b.seconds
        return use


def hms(seconds: int) -> str:
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}"
