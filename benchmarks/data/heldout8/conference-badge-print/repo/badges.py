"""Printing name badges at a conference registration desk: each attendee's badge once."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Attendee:
    name: str
    email: str
    company: str = ""
    speaker: bool = False


def badge_text(a: Attendee) -> str:
    lines = [a.name.upper()]
    if a.company:
        lines.append(a.company)
    if a.speaker:
        lines.append("SPEAKER")
    return "\n".join(lines)


def email_key(email: str) -> str:
    return email.strip().lower()


class BadgeDesk:
    def __init__(self) -> None:
        self.printed: set[str] = set()
        self.reprints = 0

    def to_print(self, attendees: Iterable[Attendee]) -> Iterator[str]:
        """Badges not printed yet, in arrival order; an email registered twice prints once."""
        for a in attendees:
            key = email_key(a.email)
            if key in self.printed:
                continue
            yield badge_text(a)

    def reprint(self, attendee: Attendee) -> str:
        """A lost badge is printed again on request, and counted."""
        self.reprints += 1
        self.printed.add(email_key(attendee.email))
        return badge_text(attendee)

    def printed_count(self) -> int:
        return len(self.printed)
