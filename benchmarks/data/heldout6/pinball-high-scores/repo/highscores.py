"""The high-score table of an arcade's pinball machine."""

from __future__ import annotations

from dataclasses import dataclass

TABLE_SIZE = 5


class BadInitials(ValueError):
    """Initials must be three letters."""


@dataclass(order=True)
class Entry:
    points: int
    initials: str


class Machine:
    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.games = 0

    def record(self, initials: str, points: int) -> bool:
        """Record a finished game; return whether it made the table."""
        if len(initials) != 3 or not initials.isalpha():
            raise BadInitials(initials)
        self.games += 1
        self.entries.append(Entry(points, initials.upper()))
        self.entries.sort(reverse=True)
        kept = self.entries[:TABLE_SIZE]
        made_it = any(e.points == points and e.initials == initials.upper() for e in kept)
        self.entries = kept
        return made_it

    def table(self) -> list[str]:
        return [f"{i}. {e.initials} {e.points:,}" for i, e in enumerate(self.entries, 1)]

    def history(self, initials: str) -> str:
        """A player's scores still on the table, best first, as "12000 / 9500"."""
        mine = [e for e in self.entries if e.initials == initials.upper()]
        return " / ".join(e.points for e in mine)

    def best(self) -> Entry | None:
        return self.entries[0] if self.entries else None
