"""Croquet club: the ladder of players and the games they report."""

from __future__ import annotations

from dataclasses import dataclass


class UnknownPlayer(KeyError):
    """A reported game names someone who is not on the ladder."""


@dataclass(frozen=True)
class Game:
    winner: str
    loser: str
    hoops: tuple[int, int]  # the winner's, the loser's


class Ladder:
    """Players from the top rung down; a winner below the loser takes the loser's rung."""

    def __init__(self, players: list[str]) -> None:
        self.rungs = list(players)
        self.games: list[Game] = []

    def report(self, games: list[Game]) -> None:
        """Record games in the order played.

        Raises UnknownPlayer, and records nothing of that game, when either of its players is
        not on the ladder.
        """
        for game in games:
            self.games.append(game)
            above = self.rungs.index(game.loser)
            if self.rungs.index(game.winner) > above:
                self.rungs.remove(game.winner)
                self.rungs.insert(above, game.winner)

    def rung(self, player: str) -> int:
        """1 for the top of the ladder."""
        return self.rungs.index(player) + 1

    def record(self, player: str) -> tuple[int, int]:
        """(games won, games lost) of ``player``."""
        won = sum(g.winner == player for g in self.games)
        lost = sum(g.loser == player for g in self.games)
        return won, lost

    def net_hoops(self, player: str) -> int:
        total = 0
        for g in self.games:
            if player in (g.winner, g.loser):
                mine, theirs = g.hoops if g.winner == player else g.hoops[::-1]
                total += mine - theirs
        return total
