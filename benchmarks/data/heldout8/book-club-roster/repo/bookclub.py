"""A book club's members, its meetings and the line it posts on the library notice board."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass
class Meeting:
    day: date
    book: str
    host: str


@dataclass
class BookClub:
    name: str
    members: list[str] = field(default_factory=list)
    meetings: list[Meeting] = field(default_factory=list)

    def join(self, person: str) -> None:
        if person in self.members:
            raise ValueError(f"{person} is already a member")
        self.members.append(person)

    def leave(self, person: str) -> None:
        self.members.remove(person)

    def schedule(self, day: date, book: str, host: str) -> Meeting:
        if host not in self.members:
            raise ValueError(f"{host} is not a member")
        meeting = Meeting(day, book, host)
        self.meetings.append(meeting)
        self.meetings.sort(key=lambda m: m.day)
        return meeting

    def next_meeting(self, today: date) -> Meeting | None:
        return next((m for m in self.meetings if m.day >= today), None)

    def notice(self, today: date) -> str:
        """The notice board line: the club, how many members it has and the next book."""
        upcoming = self.next_meeting(today)
        book = f"{upcoming.book} on {upcoming.day:%d %b}" if upcoming else "to be chosen"
        return f"{self.name} ({self.members} members): next up {book}"
