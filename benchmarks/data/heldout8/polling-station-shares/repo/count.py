"""Counting the ballots of one polling station and the shares read out at the count."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Count:
    station: str
    candidates: list[str]
    ballots: Counter[str] = field(default_factory=Counter)
    spoilt: int = 0

    def record(self, mark: str | None) -> None:
        if mark is None or mark not in self.candidates:
            self.spoilt += 1
        else:
            self.ballots[mark] += 1

    @property
    def valid(self) -> int:
        return sum(self.ballots.values())

    def shares(self) -> list[float]:
        """Each candidate's share of the valid votes in percent, to one decimal, in list order."""
        if not self.valid:
            return [0.0 for _ in self.candidates]
        return [self.ballots[c] * 100 / self.valid for c in self.candidates]

    def winner(self) -> str | None:
        ranked = self.ballots.most_common()
        if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
            return None
        return ranked[0][0]

    def announcement(self) -> str:
        parts = [f"{c} {s}%" for c, s in zip(self.candidates, self.shares())]
        return f"{self.station}: " + ", ".join(parts) + f" ({self.spoilt} spoilt)"
