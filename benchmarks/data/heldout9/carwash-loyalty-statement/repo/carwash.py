"""Car wash loyalty cards: the washes bought on a card and the monthly statement."""

from dataclasses import dataclass, field

PROGRAMMES = {"basic": 6.0, "foam": 9.5, "deluxe": 14.0}
WAX_PRICE = 2.5
LOYALTY_EVERY = 10  # every tenth wash of a month is free (the cheapest ones)


@dataclass
class Wash:
    """One wash: the car's plate, the programme's name and whether wax was added."""

    plate: str
    programme: str
    wax: bool = False

    def price(self) -> float:
        base = PROGRAMMES[self.programme]
        return base + (WAX_PRICE if self.wax else 0.0)


@dataclass
class Card:
    """A customer's card: money paid in advance and the washes of the month."""

    holder: str
    prepaid: float = 0.0
    washes: list[Wash] = field(default_factory=list)

    def add(self, wash: Wash) -> None:
        if wash.programme not in PROGRAMMES:
            raise KeyError(wash.programme)
        self.washes.append(wash)

    def spent(self) -> float:
        prices = sorted(w.price() for w in self.washes)
        free = len(prices) // LOYALTY_EVERY
        return sum(prices[free:])

    def statement(self) -> dict[str, float]:
        """What the month cost, what was paid in advance, what is due and what is left over."""
        spent = self.spent()
        return {
            "spent": spent,
            "prepaid": self.prepaid,
            "due": spent - self.prepaid,
            "credit": max(0.0, self.prepaid - spent),
        }


def total_due(cards: list[Card]) -> float:
    """What all the cards owe together this month, in euros."""
    return round(sum(c.statement()["due"] for c in cards), 2)
