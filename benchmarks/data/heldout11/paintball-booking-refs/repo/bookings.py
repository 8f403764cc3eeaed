"""A paintball arena's inbox: booking references found in customers' e-mails."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Booking:
    ref: str
    players: int
    paid: bool = False


@dataclass
class Inbox:
    """Bookings by reference, and e-mails matched to them."""

    bookings: dict[str, Booking] = field(default_factory=dict)

    # a booking reference is the word PB-NNNN anywhere in a message (gift vouchers are GPB-NNNN)
    REF = re.compile(r"^PB-(\d{4})\b")

    @classmethod
    def references(cls, text: str) -> list[str]:
        """The booking references of a message, in order, each once."""
        found: list[str] = []
        for number in cls.REF.findall(text):
            ref = f"PB-{number}"
            if ref not in found:
                found.append(ref)
        return found

    def match(self, text: str) -> list[Booking]:
        """The known bookings a message is about."""
        return [self.bookings[r] for r in self.references(text) if r in self.bookings]

    def mark_paid(self, text: str) -> int:
        """A payment notice: mark every booking it names as paid; return how many."""
        bookings = self.match(text)
        for b in bookings:
            b.paid = True
        return len(bookings)

    def unpaid_players(self) -> int:
        """Players on bookings still unpaid."""
        return sum(b.players for b in self.bookings.values() if not b.paid)
