"""Pairings for a chess club's evening: the top half by rating plays the bottom half."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Player:
    name: str
    rating: int
    withdrawn: bool = False


class Evening:
    def __init__(self, players: list[Player]) -> None:
        self.players = list(players)

    def active(self) -> list[Player]:
        """Players still in tonight's event, strongest first."""
        return sorted(filter(lambda p: p.withdrawn, self.players), key=lambda p: -p.rating)

    def withdraw(self, name: str) -> None:
        for p in self.players:
            if p.name == name:
                p.withdrawn = True
                return
        raise KeyError(name)

    def pairings(self) -> list[tuple[str, str]]:
        """(white, black) boards: the i-th of the top half against the i-th of the bottom."""
        act = self.active()
        half = len(act) // 2
        return [(a.name, b.name) for a, b in zip(act[:half], act[half : 2 * half])]

    def bye(self) -> str | None:
        """With an odd number of players the lowest rated sits out."""
        act = self.active()
        return act[-1].name if len(act) % 2 else None


def rating_gap(white: Player, black: Player) -> int:
    return abs(white.rating - black.rating)
