"""A chimney sweep's round: visits per address, gaps between sweeps and who is due again."""

from __future__ import annotations

from collections import defaultdict
from datetime import date, timedelta

DUE_AFTER = timedelta(days=365)  # a chimney in use should be swept once a year


class Round:
    """Every visit of the sweep, by address."""

    def __init__(self) -> None:
        self.visits: dict[str, list[date]] = defaultdict(list)

    def swept(self, address: str, day: date) -> None:
        """Record a sweep."""
        self.visits[address].append(day)

    def longest_gap(self, address: str) -> int:
        """The longest time between two sweeps of a chimney, in days (0 with fewer than two)."""
        days = sorted(self.visits.get(address, []))
        return max(((b - a).days for a, b in zip(days, days)), default=0)

    def last_swept(self, address: str) -> date | None:
        """The latest sweep of an address (None if never swept)."""
        days = self.visits.get(address)
        return max(days) if days else None

    def due(self, today: date) -> list[str]:
        """Addresses whose last sweep was a year or more ago, oldest first."""
        last = {a: max(d) for a, d in self.visits.items() if d}
        overdue = [a for a, d in last.items() if today - d >= DUE_AFTER]
        return sorted(overdue, key=lambda a: last[a])

    def sweeps_in(self, year: int) -> int:
        """How many sweeps the round did in a calendar year."""
        return sum(d.year == year for days in self.visits.values() for d in days)

    def neglected(self, max_gap_days: int = 500) -> list[str]:
        """Addresses that once went longer than ``max_gap_days`` between sweeps, sorted."""
        return sorted(a for a in self.visits if self.longest_gap(a) > max_gap_days)
