"""Bouncy castle hire: a customer's weekend bookings, hire prices and the invoice."""

import math
from dataclasses import dataclass, field

DELIVERY = 25.0  # per address


def hire_price(hourly: float, hours: float) -> float:
    """The first hour at the full rate, each further started hour at half the rate."""
    extra = max(0, math.ceil(hours) - 1)
    return hourly + extra * hourly / 2


@dataclass(frozen=True)
class Castle:
    name: str
    hourly: float
    needs_power: bool = True


@dataclass
class Booking:
    castle: Castle
    hours: float
    address: str


@dataclass
class Weekend:
    customer: str
    bookings: list[Booking] = field(default_factory=list)

    def book(self, castle: Castle, hours: float, address: str) -> None:
        if hours <= 0:
            raise ValueError("the hours must be positive")
        if any(b.castle.name == castle.name for b in self.bookings):
            raise ValueError(f"{castle.name} is already booked")
        self.bookings.append(Booking(castle, hours, address))

    def generators(self) -> int:
        """Petrol generators to bring: one per castle needing power."""
        return sum(1 for b in self.bookings if b.castle.needs_power)

    def invoice(self) -> float:
        total = 0.0
        for b in self.bookings:
            total += hire_price(b.hours, b.castle.hourly)
        addresses = {b.address for b in self.bookings}
        total += DELIVERY * len(addresses)
        return round(total, 2)
