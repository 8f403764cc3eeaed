"""Season tickets of a zoo: who may enter on a day, visits, and the renewal letters to send."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta


@dataclass
class SeasonTicket:
    number: int
    holder: str
    valid_from: date
    expires: date | None = None  # None: a lifetime patron's ticket

    def renewal_due(self, today: date, notice_days: int = 30) -> bool:
        if self.expires is None:
            return False
        return today <= self.expires <= today + timedelta(days=notice_days)


class Gate:
    def __init__(self, tickets: list[SeasonTicket]) -> None:
        self.tickets = {t.number: t for t in tickets}
        self.entries: list[tuple[date, int]] = []

    def valid_on(self, day: date) -> list[int]:
        """Numbers of the tickets that let their holder in on ``day``, ascending."""
        return sorted(
            t.number
            for t in self.tickets.values()
            if t.valid_from <= day and t.expires >= day
        )

    def admit(self, number: int, day: date) -> bool:
        if number not in self.valid_on(day):
            return False
        self.entries.append((day, number))
        return True

    def visits(self, number: int) -> int:
        return sum(1 for _, n in self.entries if n == number)

    def renewal_letters(self, today: date) -> list[str]:
        return [t.holder for t in self.tickets.values() if t.renewal_due(today)]
