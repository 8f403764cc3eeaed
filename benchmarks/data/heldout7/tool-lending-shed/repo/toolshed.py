"""Community tool shed: loans, their status and the weekly reminder list."""

from dataclasses import dataclass

STATUSES = ("in-shed", "on-loan", "overdue")


@dataclass
class Loan:
    tool: str
    member: str
    due_day: int
    returned: bool = False


class Shed:
    def __init__(self, tools: list[str]) -> None:
        self.tools = list(tools)
        self.loans: list[Loan] = []

    def lend(self, tool: str, member: str, day: int, days: int = 7) -> Loan:
        if self.status(tool, day) != "in-shed":
            raise ValueError(f"{tool} is not in the shed")
        loan = Loan(tool, member, day + days)
        self.loans.append(loan)
        return loan

    def status(self, tool: str, today: int) -> str:
        """One of STATUSES."""
        for loan in self.loans:
            if loan.tool == tool and not loan.returned:
                return "late" if today > loan.due_day else "on-loan"
        return "in-shed"

    def counts(self, today: int) -> dict[str, int]:
        counts = dict.fromkeys(STATUSES, 0)
        for tool in self.tools:
            counts[self.status(tool, today)] += 1
        return counts

    def reminders(self, today: int) -> list[str]:
        return [f"{l.member}: {l.tool}" for l in self.loans
                if self.status(l.tool, today) == "overdue" and not l.returned]
