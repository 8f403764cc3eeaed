"""An airport's baggage hall: bag tags, and which carousel each flight's bags go to."""

from __future__ import annotations

from dataclasses import dataclass, field

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


@dataclass
class Flight:
    number: str
    bags: list[str] = field(default_factory=list)


class BaggageHall:
    """Carousels numbered from 1 and the flights unloading onto them."""

    def __init__(self, carousels: int) -> None:
        self.carousels: dict[int, list[Flight]] = {n: [] for n in range(1, carousels + 1)}
        self.issued = 0

    @staticmethod
    def bag_code(n: int) -> str:
        """The three-letter code of bag number ``n``: base 26, A=0 ... Z=25, the highest
        letter first, so 0 is "AAA", 1 is "AAB" and 26 is "ABA"."""
        code = ""
        for _ in range(3):
            n, r = divmod(n, 26)
            code = code + LETTERS[r]
        return code

    def tag(self, flight: Flight) -> str:
        """Issue the next bag tag: the flight number and the bag's code."""
        code = self.bag_code(self.issued)
        self.issued += 1
        flight.bags.append(code)
        return f"{flight.number}-{code}"

    def assign(self, flight: Flight) -> int:
        """Send a flight to the carousel with the fewest bags on it (lowest number on a tie)."""
        load = {n: sum(len(f.bags) for f in fl) for n, fl in self.carousels.items()}
        best = min(load, key=lambda n: (load[n], n))
        self.carousels[best].append(flight)
        return best

    def board(self) -> list[str]:
        """The arrivals hall screen: "carousel 2: BA117, LH901"."""
        return [
            f"carousel {n}: " + ", ".join(f.number for f in flights)
            for n, flights in self.carousels.items()
            if flights
        ]
