"""A fencing competition's pool sheet: fencers numbered from 1 down the sheet, and their bouts."""

from __future__ import annotations

from collections import Counter


class Pool:
    """One pool; fencers are numbered 1, 2, 3 ... as printed on the sheet."""

    def __init__(self, fencers: list[str]) -> None:
        self.fencers = list(fencers)
        self.wins: Counter[str] = Counter()
        self.touches: Counter[str] = Counter()  # touches scored
        self.received: Counter[str] = Counter()

    def name(self, number: int) -> str:
        """The fencer with a sheet number."""
        return self.fencers[number - 1]

    def bout(self, a: int, b: int, score_a: int, score_b: int) -> None:
        """Record a bout between sheet numbers ``a`` and ``b`` (5 touches win a pool bout)."""
        fa, fb = self.name(a), self.name(b)
        self.touches[fa] += score_a
        self.touches[fb] += score_b
        self.received[fa] += score_b
        self.received[fb] += score_a
        self.wins[fa if score_a > score_b else fb] += 1

    def withdraw(self, number: int) -> str:
        """A fencer withdraws (injury): strike them from the sheet and return the name."""
        name = self.fencers.pop(number)
        for table in (self.wins, self.touches, self.received):
            table.pop(name, None)
        return name

    def indicator(self, name: str) -> int:
        """Touches scored minus touches received."""
        return self.touches[name] - self.received[name]

    def ranking(self) -> list[str]:
        """Fencers by wins, then indicator, then touches scored."""
        return sorted(
            self.fencers,
            key=lambda f: (-self.wins[f], -self.indicator(f), -self.touches[f], f),
        )
