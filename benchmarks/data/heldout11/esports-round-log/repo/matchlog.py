"""An esports tournament's match log: events cut into rounds, and each round's winner."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass


@dataclass(frozen=True)
class Event:
    """One log line: a kill ("kill", team) or the end of a round ("end", winning team)."""

    kind: str
    team: str


class Match:
    """The log of one map between two teams."""

    def __init__(self, log: list[Event]) -> None:
        self.log = log

    @staticmethod
    def split_rounds(log: list[Event]) -> list[list[Event]]:
        """The log cut into rounds; each round ends with its "end" event.

        A log that stops mid-round (the stream was cut off) keeps its last, unfinished round.
        """
        rounds: list[list[Event]] = []
        current: list[Event] = []
        for event in log:
            current.append(event)
            if event.kind == "end":
                rounds.append(current)
                current = []
        return rounds

    def winners(self) -> list[str]:
        """The winner of each finished round, in order."""
        rounds = self.split_rounds(self.log)
        return [r[-1].team for r in rounds if r and r[-1].kind == "end"]

    def score(self) -> dict[str, int]:
        """Rounds won per team."""
        return dict(Counter(self.winners()))

    def kills_per_round(self, team: str) -> list[int]:
        """The team's kills in each round, the unfinished one included."""
        rounds = self.split_rounds(self.log)
        return [sum(e.kind == "kill" and e.team == team for e in r) for r in rounds]
