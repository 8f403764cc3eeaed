"""A marina office assigning visiting boats to free berths."""

from __future__ import annotations

from dataclasses import dataclass


class NoBerth(LookupError):
    """No free berth is long enough for the boat."""


@dataclass
class Berth:
    code: str
    length_m: float
    boat: str | None = None


@dataclass
class Boat:
    name: str
    length_m: float


class Marina:
    def __init__(self, berths: list[Berth]) -> None:
        # shortest first, so the first fitting berth is the tightest fit
        self.berths = sorted(berths, key=lambda b: (b.length_m, b.code))

    def assign(self, boat: Boat) -> str:
        """Put ``boat`` in the shortest free berth it fits; return the berth's code."""
        chosen = None
        for berth in self.berths:
            if berth.boat is None and berth.length_m >= boat.length_m:
                chosen = berth
        if chosen is None:
            raise NoBerth(boat.name)
        chosen.boat = boat.name
        return chosen.code

    def leave(self, name: str) -> None:
        for berth in self.berths:
            if berth.boat == name:
                berth.boat = None
                return
        raise KeyError(name)

    def occupancy(self) -> float:
        return round(sum(b.boat is not None for b in self.berths) / len(self.berths), 2)
