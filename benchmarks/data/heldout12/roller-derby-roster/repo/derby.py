"""Roller derby: the bout roster and the penalty sheet, with each skater's derby name."""

from __future__ import annotations

from dataclasses import dataclass

MAX_ROSTER = 15


@dataclass
class Skater:
    number: int
    name: str
    derby_name: str | None = None  # None: the skater skates under their own name


class Bout:
    def __init__(self, home: str, away: str) -> None:
        self.teams: dict[str, list[Skater]] = {home: [], away: []}
        self.penalties: list[tuple[str, int, str]] = []  # team, skater number, code

    def add(self, team: str, skater: Skater) -> None:
        if len(self.teams[team]) >= MAX_ROSTER:
            raise ValueError(f"{team} already has {MAX_ROSTER} skaters")
        if any(s.number == skater.number for s in self.teams[team]):
            raise ValueError(f"{team} already has a #{skater.number}")
        self.teams[team].append(skater)

    def find(self, team: str, number: int) -> Skater:
        return next(s for s in self.teams[team] if s.number == number)

    def roster(self, team: str) -> list[str]:
        """One team's roster lines, by number: '#12 Name' with the derby name, else their own."""
        skaters = sorted(self.teams[team], key=lambda s: s.number)
        return [f"#{s.number} {s.derby_name}" for s in skaters]

    def penalise(self, team: str, number: int, code: str) -> None:
        self.find(team, number)  # the skater must be on the roster
        self.penalties.append((team, number, code))

    def penalty_sheet(self) -> list[str]:
        lines = []
        for team, number, code in self.penalties:
            s = self.find(team, number)
            lines.append(f"{team} #{number} {s.derby_name or s.name}: {code}")
        return lines
