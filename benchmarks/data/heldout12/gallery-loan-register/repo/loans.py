"""Art gallery loans: which borrowed works are on the walls on a given day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date


@dataclass
class Loan:
    work: str
    lender: str
    start: date
    end: date | None = None  # None: a long-term loan with no return date

    def covers(self, day: date) -> bool:
        """Whether the work is with the gallery on ``day`` (its start and end days included)."""
        if day < self.start:
            return False
        return day <= self.end

    def days_left(self, day: date) -> int | None:
        """Days until the work goes back (None for a long-term loan)."""
        if self.end is None:
            return None
        return (self.end - day).days


class Register:
    def __init__(self) -> None:
        self.loans: list[Loan] = []

    def add(self, loan: Loan) -> None:
        if any(other.work == loan.work for other in self.loans):
            raise ValueError(f"{loan.work} is already registered")
        self.loans.append(loan)

    def on_show(self, day: date) -> list[str]:
        """Works on loan on ``day``, by title."""
        return sorted(loan.work for loan in self.loans if loan.covers(day))

    def going_back(self, day: date, within: int = 14) -> list[str]:
        """Works whose loan ends within ``within`` days of ``day``."""
        out = []
        for loan in self.loans:
            left = loan.days_left(day)
            if left is not None and 0 <= left <= within:
                out.append(loan.work)
        return sorted(out)
