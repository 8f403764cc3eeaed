"""The catalogue and results of a charity auction: lots, estimates, bids, the sale sheet."""

from __future__ import annotations

from dataclasses import dataclass, field


def money(amount: float, whole: bool = False, symbol: str = "£") -> str:
    """``amount`` as money: ``£1,250.00``, or ``£1,250`` with ``whole`` (to the nearest pound)."""
    return f"{symbol}{amount:,.0f}" if whole else f"{symbol}{amount:,.2f}"


@dataclass
class Lot:
    number: int
    title: str
    estimate: float
    donor: str
    bids: list[tuple[str, float]] = field(default_factory=list)

    def bid(self, bidder: str, amount: float) -> None:
        if self.bids and amount <= self.bids[-1][1]:
            raise ValueError(f"a bid must beat {money(self.bids[-1][1])}")
        self.bids.append((bidder, amount))

    @property
    def hammer(self) -> tuple[str, float] | None:
        return self.bids[-1] if self.bids else None


class Auction:
    def __init__(self, charity: str, lots: list[Lot]) -> None:
        self.charity = charity
        self.lots = {lot.number: lot for lot in lots}

    def catalogue(self) -> str:
        """One line per lot: number, title, donor and the estimate in whole pounds."""
        return "\n".join(
            f"Lot {lot.number}: {lot.title} (given by {lot.donor}), estimate {money(lot.estimate)}"
            for lot in sorted(self.lots.values(), key=lambda lot: lot.number)
        )

    def results(self) -> list[str]:
        lines = []
        for number in sorted(self.lots):
            hammer = self.lots[number].hammer
            sold = f"{hammer[0]} {money(hammer[1])}" if hammer else "unsold"
            lines.append(f"Lot {number}: {sold}")
        return lines

    def raised(self) -> str:
        return money(sum(lot.hammer[1] for lot in self.lots.values() if lot.hammer))
