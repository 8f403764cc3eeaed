"""Scoreboard of a laser tag arena: teams, hits and the names shown on the big screen."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass
class Player:
    vest: int
    team: str
    callsign: str | None = None


class Game:
    def __init__(self, arena: str) -> None:
        self.arena = arena
        self.players: dict[int, Player] = {}
        self.hits: Counter[int] = Counter()

    def register(self, player: Player) -> None:
        if player.vest in self.players:
            raise ValueError(f"vest {player.vest} is taken")
        self.players[player.vest] = player

    def hit(self, shooter: int, target: int) -> None:
        if self.players[shooter].team == self.players[target].team:
            return  # friendly fire scores nothing
        self.hits[shooter] += 1

    def team_score(self, team: str) -> int:
        return sum(n for vest, n in self.hits.items() if self.players[vest].team == team)

    def roster(self, team: str) -> str:
        """The team as shown on screen, sorted; a player without a callsign shows the vest."""
        members = [p for p in self.players.values() if p.team == team]
        return ", ".join(sorted(p.callsign for p in members))

    def leader(self) -> str:
        vest, _ = self.hits.most_common(1)[0]
        player = self.players[vest]
        return player.callsign or f"vest {vest}"
