"""A barber shop: cuts priced by hair length, extras, and the wait in the queue."""

import math
from dataclasses import dataclass

PRICES = {"short": 14.0, "medium": 18.0, "long": 24.0}  # EUR
MINUTES = {"short": 20, "medium": 30, "long": 45}
EXTRAS = {"beard": 8.0, "wash": 4.0, "hot towel": 5.0}


@dataclass(frozen=True)
class Cut:
    band: str
    extras: tuple[str, ...] = ()

    @classmethod
    def for_length(cls, length_cm: float, *extras: str) -> "Cut":
        """The band for a hair length: short under 5 cm, medium from 5 cm up to and including
        15 cm, long above that."""
        if length_cm < 5:
            band = "short"
        elif length_cm < 15:
            band = "medium"
        else:
            band = "long"
        return cls(band, extras)

    @property
    def price(self) -> float:
        """The band's price plus the extras, in EUR."""
        return PRICES[self.band] + sum(EXTRAS[e] for e in self.extras)

    @property
    def minutes(self) -> int:
        """Chair time: the band's minutes and 10 minutes an extra."""
        return MINUTES[self.band] + 10 * len(self.extras)


class Queue:
    """Customers waiting, in order, for `chairs` barbers."""

    def __init__(self, chairs: int):
        self.chairs = chairs
        self.waiting: list[tuple[str, Cut]] = []

    def join(self, name: str, cut: Cut) -> int:
        """Join the queue; return the place in it (from 1)."""
        self.waiting.append((name, cut))
        return len(self.waiting)

    def wait_minutes(self, place: int) -> int:
        """Rough wait for the customer at `place`: the chair time ahead, shared by the chairs."""
        ahead = sum(cut.minutes for _, cut in self.waiting[: place - 1])
        return math.ceil(ahead / self.chairs)
