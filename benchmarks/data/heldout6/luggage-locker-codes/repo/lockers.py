"""Luggage lockers at a railway station: tickets read "B07-4821" (bank, locker, PIN)."""

from __future__ import annotations

import re
from dataclasses import dataclass

BANK_SIZE = 40
_TICKET = re.compile(r"([A-H])(\d{2})-(\d{4})")


class BadTicket(ValueError):
    """A ticket code that is not exactly bank letter, two-digit locker, dash, four-digit PIN."""


@dataclass(frozen=True)
class Ticket:
    bank: str
    locker: int
    pin: str


def parse(code: str) -> Ticket:
    m = _TICKET.match(code.strip().upper())
    if m is None:
        raise BadTicket(code)
    bank, locker, pin = m.groups()
    if not 1 <= int(locker) <= BANK_SIZE:
        raise BadTicket(code)
    return Ticket(bank, int(locker), pin)


class Station:
    def __init__(self) -> None:
        self.stored: dict[tuple[str, int], str] = {}

    def deposit(self, code: str) -> None:
        t = parse(code)
        self.stored[(t.bank, t.locker)] = t.pin

    def open(self, code: str) -> bool:
        """Whether ``code`` opens its locker (and empties it)."""
        try:
            t = parse(code)
        except BadTicket:
            return False
        if self.stored.get((t.bank, t.locker)) != t.pin:
            return False
        del self.stored[(t.bank, t.locker)]
        return True
