"""Loans of a theatre's costume store: what is still out and what being late costs."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

LATE_FEE_PER_DAY = 4.0


@dataclass
class Loan:
    costume: str
    borrower: str
    due: date
    returned: bool = False

    def days_late(self, today: date) -> int:
        return max(0, (today - self.due).days)


class CostumeStore:
    def __init__(self) -> None:
        self.loans: list[Loan] = []

    def outstanding(self) -> list[Loan]:
        """The loans whose costume has not come back yet, in lending order."""
        return list(filter(lambda loan: loan.returned, self.loans))

    def lend(self, costume: str, borrower: str, due: date) -> Loan:
        if costume in {loan.costume for loan in self.outstanding()}:
            raise ValueError(f"{costume} is out")
        loan = Loan(costume, borrower, due)
        self.loans.append(loan)
        return loan

    def give_back(self, costume: str) -> None:
        for loan in self.outstanding():
            if loan.costume == costume:
                loan.returned = True
                return
        raise KeyError(costume)

    def late_fees(self, today: date) -> dict[str, float]:
        fees: dict[str, float] = {}
        for loan in self.outstanding():
            if loan.days_late(today):
                owed = fees.get(loan.borrower, 0.0)
                fees[loan.borrower] = owed + loan.days_late(today) * LATE_FEE_PER_DAY
        return fees
