"""A cobbler's repair tickets: the work on a customer's shoes, priced and dated."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta

PRICES = {"heels": 18.0, "soles": 45.0, "stitching": 12.0, "stretch": 10.0, "polish": 6.0}


class TicketError(ValueError):
    """A ticket the counter must not accept."""


@dataclass
class Ticket:
    """One repair: the pairs of shoes, the jobs on each pair and the days the shop needs."""

    customer: str
    pairs: int
    jobs: list[str] = field(default_factory=list)
    days: int = 3

    def __post_init__(self) -> None:
        if self.days < 1:
            raise TicketError("a repair takes at least a day")
        unknown = [j for j in self.jobs if j not in PRICES]
        if unknown:
            raise TicketError(f"unknown jobs: {', '.join(unknown)}")

    def price(self) -> float:
        """Every job on every pair."""
        return self.pairs * sum(PRICES[j] for j in self.jobs)

    def ready_on(self, handed_in: date) -> date:
        """The collection date; the shop is shut on Sundays, so a Sunday moves to Monday."""
        ready = handed_in + timedelta(days=self.days)
        return ready + timedelta(days=1) if ready.weekday() == 6 else ready


class Counter:
    """The tickets of one day at the counter."""

    def __init__(self) -> None:
        self.tickets: list[Ticket] = []

    def accept(self, ticket: Ticket) -> int:
        """Keep a ticket and return its number (from 1)."""
        self.tickets.append(ticket)
        return len(self.tickets)

    def takings(self) -> float:
        """What the day's tickets are worth."""
        return sum(t.price() for t in self.tickets)
