"""Beach clean-up day: crews, their stretches of beach and the order they are briefed in."""

from dataclasses import dataclass, field


@dataclass
class Crew:
    leader: str
    members: list[str] = field(default_factory=list)
    stretch_m: int = 0

    def join(self, name: str) -> None:
        if name in self.members:
            raise ValueError(f"{name} already in {self.leader}'s crew")
        self.members.append(name)


class CleanupDay:
    """Crews are briefed largest first; each gets beach in proportion to its size."""

    def __init__(self, beach_m: int) -> None:
        self.beach_m = beach_m
        self.crews: dict[str, Crew] = {}

    def crew(self, leader: str) -> Crew:
        return self.crews.setdefault(leader, Crew(leader))

    def briefing_order(self) -> list[str]:
        ranked = sorted(self.crews.values(), key=lambda c: (c.members, c.leader))
        return [c.leader for c in ranked]

    def volunteers(self) -> int:
        return sum(len(c.members) for c in self.crews.values())

    def assign_stretches(self) -> dict[str, int]:
        total = self.volunteers()
        if total == 0:
            return {}
        for c in self.crews.values():
            c.stretch_m = self.beach_m * len(c.members) // total
        return {c.leader: c.stretch_m for c in self.crews.values()}


def bags_needed(day: CleanupDay, per_person: int = 2) -> int:
    return day.volunteers() * per_person
