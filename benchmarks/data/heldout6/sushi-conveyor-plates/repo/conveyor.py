"""A conveyor-belt sushi bar: plate colours, the belt, and each seat's stack of plates."""

from __future__ import annotations

from collections import Counter

PLATE_PRICES = {"green": 2.0, "blue": 3.5, "red": 5.0, "gold": 8.0}


class UnknownPlate(ValueError):
    """A plate colour the kitchen does not use."""


class Belt:
    """Plates going round: ``slots`` positions, ``None`` where a slot is empty."""

    def __init__(self, slots: int) -> None:
        self.slots: list[str | None] = [None] * slots

    def place(self, position: int, colour: str) -> None:
        if colour not in PLATE_PRICES:
            raise UnknownPlate(colour)
        self.slots[position] = colour

    def advance(self, steps: int = 1) -> None:
        steps %= len(self.slots)
        self.slots = self.slots[-steps:] + self.slots[:-steps] if steps else self.slots

    def take(self, position: int) -> str | None:
        colour, self.slots[position] = self.slots[position], None
        return colour


class Seat:
    def __init__(self, number: int) -> None:
        self.number = number
        self.plates: list[str] = []

    def take_from(self, belt: Belt, position: int) -> None:
        colour = belt.take(position)
        if colour is not None:
            self.plates.append(colour)

    def bill(self) -> float:
        return sum(PLATE_PRICES[c] for c in self.plates)

    def stack(self) -> str:
        """The line the waiter reads out: seat, number of plates, amount."""
        return f"seat {self.number}: {self.plates} plates, {self.bill():.2f}"

    def colours(self) -> dict[str, int]:
        return dict(Counter(self.plates))


def busiest(seats: list[Seat]) -> int:
    """The number of the seat with the tallest stack."""
    return max(seats, key=lambda s: len(s.plates)).number
