"""Tickets of a sports club's weekly lottery: lines of numbers, the printed slip, the prizes."""

from __future__ import annotations

import random
from dataclasses import dataclass

LOW, HIGH, PICK = 1, 49, 6
PRIZES = {6: 1000.0, 5: 50.0, 4: 10.0, 3: 2.0}


@dataclass(frozen=True)
class Line:
    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(set(self.numbers)) != PICK:
            raise ValueError(f"a line has {PICK} different numbers")
        if not all(LOW <= n <= HIGH for n in self.numbers):
            raise ValueError(f"numbers run from {LOW} to {HIGH}")

    @classmethod
    def lucky_dip(cls, rng: random.Random) -> Line:
        return cls(tuple(sorted(rng.sample(range(LOW, HIGH + 1), PICK))))

    @property
    def printed(self) -> str:
        """The line as printed on the slip: the numbers in ascending order, dash-separated."""
        return "-".join(n for n in sorted(self.numbers))

    def matches(self, draw: set[int]) -> int:
        return len(draw & set(self.numbers))


class Ticket:
    def __init__(self, holder: str, lines: list[Line]) -> None:
        self.holder = holder
        self.lines = lines

    def prize(self, draw: set[int]) -> float:
        return sum(PRIZES.get(line.matches(draw), 0.0) for line in self.lines)

    def slip(self) -> str:
        return "\n".join([self.holder, *(line.printed for line in self.lines)])
