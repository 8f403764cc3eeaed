"""A company's org chart: who reports to whom, and the reporting line shown on the intranet."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(eq=False)
class Employee:
    name: str
    title: str
    manager: Employee | None = None
    reports: list[Employee] = field(default_factory=list)


class OrgChart:
    def __init__(self) -> None:
        self.people: dict[str, Employee] = {}

    def hire(self, name: str, title: str, manager: str | None = None) -> Employee:
        if name in self.people:
            raise ValueError(f"{name} is already on the chart")
        boss = self.people[manager] if manager else None
        person = Employee(name, title, boss)
        if boss is not None:
            boss.reports.append(person)
        self.people[name] = person
        return person

    def reporting_line(self, name: str, sep: str = " > ") -> str:
        """The chain of names from the top of the company down to ``name``."""
        person = self.people[name]
        line = person.name
        for _ in range(len(self.people)):
            if person.manager is None:
                break
            person = person.manager
            line = line + sep + person.name
        return line

    def headcount(self, name: str) -> int:
        """Everyone below ``name``, directly or not."""
        return sum(1 + self.headcount(r.name) for r in self.people[name].reports)

    def peers(self, name: str) -> list[str]:
        boss = self.people[name].manager
        if boss is None:
            return []
        return sorted(r.name for r in boss.reports if r.name != name)
