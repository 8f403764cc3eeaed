"""Oyster farm: the grading tally sheet, exported from the shore station as CSV."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

GRADES = ("small", "medium", "large")


@dataclass
class Bag:
    trestle: str
    grade: str
    count: int

    @classmethod
    def from_row(cls, row: list[str]) -> Bag:
        trestle, grade, count = (cell.strip() for cell in row)
        if grade not in GRADES:
            raise ValueError(f"unknown grade {grade!r}")
        return cls(trestle, grade, int(count))


@dataclass
class Tally:
    bags: list[Bag]

    @classmethod
    def parse(cls, text: str) -> Tally:
        """The sheet: a header row (trestle,grade,count), then one row per bag."""
        rows = list(csv.reader(io.StringIO(text)))
        return cls([Bag.from_row(row) for row in rows if row])

    def by_grade(self) -> dict[str, int]:
        """Oysters per grade, every grade listed."""
        totals = dict.fromkeys(GRADES, 0)
        for bag in self.bags:
            totals[bag.grade] += bag.count
        return totals

    def trestles(self) -> list[str]:
        return sorted({bag.trestle for bag in self.bags})

    def share_large(self) -> float:
        """The share of large oysters, to 0.1 percent (0.0 for an empty sheet)."""
        total = sum(bag.count for bag in self.bags)
        return round(100 * self.by_grade()["large"] / total, 1) if total else 0.0
