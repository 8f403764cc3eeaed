"""A pawn shop's loan book: pledges, monthly interest, redemptions and forfeited items."""

import math
from dataclasses import dataclass
from datetime import date

MONTHLY_RATE = 0.04  # simple interest per started month
TERM_MONTHS = 6


class Underpaid(ValueError):
    """Less money offered than the pledge owes."""


@dataclass
class Pledge:
    ticket: int
    item: str
    principal: float
    taken: date

    def months(self, on: date) -> int:
        """Started 30-day months since the pledge (at least one)."""
        return max(1, math.ceil((on - self.taken).days / 30))

    def owed(self, on: date) -> float:
        """Principal plus interest for every started month, in EUR."""
        return round(self.principal * (1 + MONTHLY_RATE * self.months(on)), 2)


class LoanBook:
    """Open pledges by ticket number, and the till's cash."""

    def __init__(self, cash: float = 0.0):
        self.pledges: dict[int, Pledge] = {}
        self.cash = cash
        self._next = 1

    def lend(self, item: str, amount: float, on: date) -> int:
        """Take `item` in pledge for `amount`; return the ticket number."""
        ticket = self._next
        self._next += 1
        self.pledges[ticket] = Pledge(ticket, item, amount, on)
        self.cash -= amount
        return ticket

    def redeem(self, ticket: int, paid: float, on: date) -> str:
        """Hand the item back for `paid`; raises Underpaid when that is less than is owed."""
        pledge = self.pledges[ticket]
        owed = pledge.owed(on)
        del self.pledges[ticket]
        self.cash += paid
        return pledge.item

    def forfeits(self, on: date) -> list[str]:
        """Items whose term has run out, by ticket."""
        return [p.item for _, p in sorted(self.pledges.items()) if p.months(on) > TERM_MONTHS]
