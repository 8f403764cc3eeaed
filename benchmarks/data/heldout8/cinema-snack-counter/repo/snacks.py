"""The snack counter of a cinema: stock, sales during a screening, the reorder list."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


class OutOfStock(Exception):
    """Fewer items left than a sale asks for."""


@dataclass
class SnackCounter:
    prices: dict[str, float]
    stock: Counter[str] = field(default_factory=Counter)
    sold: Counter[str] = field(default_factory=Counter)
    takings: float = 0.0

    def deliver(self, item: str, quantity: int) -> None:
        if item not in self.prices:
            raise KeyError(item)
        self.stock[item] += quantity

    def sell(self, item: str, quantity: int = 1) -> float:
        """Sell ``quantity`` of ``item``; returns the price. Raises OutOfStock when short."""
        price = self.prices[item] * quantity
        self.stock[item] -= quantity
        self.sold[item] += quantity
        self.takings += price
        return round(price, 2)

    def sell_order(self, order: dict[str, int]) -> float:
        return round(sum(self.sell(item, n) for item, n in order.items()), 2)

    def reorder(self, minimum: int = 10) -> list[str]:
        return sorted(item for item in self.prices if self.stock[item] < minimum)

    def best_seller(self) -> str | None:
        top = self.sold.most_common(1)
        return top[0][0] if top else None
