"""A curling club's bonspiel: a double-knockout draw, where a team is out on its second loss."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Team:
    skip: str
    wins: int = 0
    losses: int = 0


class Bonspiel:
    """The teams of the draw and the games played so far."""

    def __init__(self, skips: list[str]) -> None:
        self.teams = {s: Team(s) for s in skips}
        self.games: list[tuple[str, str]] = []  # (winner, loser)

    def game(self, winner: str, loser: str) -> None:
        """Record a game; a team already out cannot play (``ValueError``)."""
        for skip in (winner, loser):
            if skip not in self.still_in:
                raise ValueError(f"team {skip} is out of the draw")
        self.teams[winner].wins += 1
        self.teams[loser].losses += 1
        self.games.append((winner, loser))

    @property
    def still_in(self) -> list[str]:
        """Skips of the teams still in the draw, in entry order."""
        return [t.skip for t in self.teams.values() if t.losses == 0]

    @property
    def a_event(self) -> list[str]:
        """Skips of the unbeaten teams."""
        return [t.skip for t in self.teams.values() if t.losses == 0]

    def champion(self) -> str | None:
        """The last team standing once only one is left, else None."""
        left = self.still_in
        return left[0] if len(left) == 1 else None
