"""Meeting rooms of a coworking space: bookings, overtime charges and the day's takings."""

from dataclasses import dataclass, field

HOURLY_RATE = 18.0  # EUR per booked hour
OVERTIME_RATE = 0.5  # EUR per minute used beyond the booking


@dataclass
class Booking:
    """One room booking; `used_min` is set when the room is handed back."""

    member: str
    booked_min: int
    used_min: int = 0

    @property
    def overtime_min(self) -> int:
        """Minutes used beyond the booking (0 when the room was handed back early)."""
        return self.used_min - self.booked_min

    def price(self) -> float:
        """The booked time at HOURLY_RATE plus the overtime at OVERTIME_RATE, in EUR."""
        return round(HOURLY_RATE * self.booked_min / 60 + OVERTIME_RATE * self.overtime_min, 2)


@dataclass
class FrontDesk:
    """Hands out the rooms and takes them back."""

    rooms: int
    open: list[Booking] = field(default_factory=list)
    closed: list[Booking] = field(default_factory=list)

    def book(self, member: str, minutes: int) -> Booking:
        """Book a room for `minutes`; raises RuntimeError when every room is taken."""
        if len(self.open) >= self.rooms:
            raise RuntimeError("no room free")
        booking = Booking(member, minutes)
        self.open.append(booking)
        return booking

    def hand_back(self, member: str, used_min: int) -> float:
        """Close the member's booking after `used_min` minutes; return its price."""
        for booking in self.open:
            if booking.member == member:
                self.open.remove(booking)
                booking.used_min = used_min
                self.closed.append(booking)
                return booking.price()
        raise KeyError(member)

    def overtime_notes(self) -> list[str]:
        """One note per closed booking that ran over."""
        return [f"{b.member}: {b.overtime_min} min over" for b in self.closed if b.overtime_min]

    def takings(self) -> float:
        """Sum of the closed bookings' prices, in EUR."""
        return round(sum(b.price() for b in self.closed), 2)
