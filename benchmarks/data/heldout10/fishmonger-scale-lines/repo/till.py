"""A fishmonger's scale and till: weighed lines, the receipt and the day's sales by fish."""

from collections import defaultdict
from dataclasses import dataclass, field

PRICES = {"cod": 18.90, "hake": 15.40, "mackerel": 9.80, "plaice": 21.50}  # EUR per kg


@dataclass(frozen=True)
class Line:
    fish: str
    kg: float
    price: float  # EUR, to the cent


@dataclass
class Till:
    """The receipt being rung up and the day's sales so far."""

    lines: list[Line] = field(default_factory=list)
    sales: dict[str, float] = field(default_factory=lambda: defaultdict(float))

    def weigh(self, fish: str, grams: int) -> Line:
        """A receipt line for `grams` of `fish`, priced to the cent."""
        if fish not in PRICES:
            raise KeyError(f"no price for {fish}")
        kg = grams / 1000
        line = Line(fish=fish, kg=kg, price=kg * PRICES[fish])
        self.lines.append(line)
        return line

    def total(self) -> float:
        """Sum of the receipt's lines, in EUR."""
        return round(sum(line.price for line in self.lines), 2)

    def receipt(self) -> list[str]:
        """The printed receipt: one row per line and the total."""
        rows = [f"{line.fish:10} {line.kg:6.3f} kg {line.price:7.2f}" for line in self.lines]
        return rows + [f"{'TOTAL':20} {self.total():7.2f}"]

    def close(self) -> float:
        """Book the receipt into the day's sales and start a new one; return its total."""
        total = self.total()
        for line in self.lines:
            self.sales[line.fish] = round(self.sales[line.fish] + line.price, 2)
        self.lines = []
        return total
