"""Glacier guiding: what rope teams pay for a day on the ice."""

from __future__ import annotations

from dataclasses import dataclass, field

BASE_FEE = 180.0  # per team, covers the booked hours
OVERTIME_RATE = 45.0  # per hour walked beyond the booked ones


@dataclass
class RopeTeam:
    """One guide and their clients; ``overtime_h`` is never negative."""

    guide: str
    clients: int
    overtime_h: float = 0.0

    @classmethod
    def from_log(cls, guide: str, clients: int, booked_h: float, walked_h: float) -> RopeTeam:
        """A team from the day's log: overtime is the hours walked beyond the booked ones."""
        if clients < 1:
            raise ValueError("a rope team needs at least one client")
        return cls(guide=guide, clients=clients, overtime_h=walked_h - booked_h)

    def fee(self) -> float:
        """What the team pays: the base fee plus the overtime."""
        return BASE_FEE + OVERTIME_RATE * self.overtime_h

    def per_client(self) -> float:
        """The fee split evenly between the clients, to the cent."""
        return round(self.fee() / self.clients, 2)


@dataclass
class GuidingDay:
    """All rope teams out on one day."""

    teams: list[RopeTeam] = field(default_factory=list)

    def log(self, guide: str, clients: int, booked_h: float, walked_h: float) -> RopeTeam:
        team = RopeTeam.from_log(guide, clients, booked_h, walked_h)
        self.teams.append(team)
        return team

    def takings(self) -> float:
        """The day's fees, all teams."""
        return sum(t.fee() for t in self.teams)

    def guides_on_overtime(self) -> list[str]:
        """Guides whose team walked beyond its booking, by name."""
        return sorted(t.guide for t in self.teams if t.overtime_h > 0)

    def longest_overtime(self) -> float:
        """The most overtime of any team (0.0 on a day without any)."""
        return max((t.overtime_h for t in self.teams), default=0.0)
