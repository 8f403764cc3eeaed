"""A perfumery's formula costing: essential oil prices, each asked of the supplier once."""

from __future__ import annotations

from collections.abc import Callable

Supplier = Callable[[str], "float | None"]  # price per millilitre, None when not stocked


class PriceBook:
    """Oil prices with a memory: the supplier's price list is slow, so each oil is asked once."""

    def __init__(self, supplier: Supplier, markup: float = 1.0) -> None:
        self._supplier = supplier
        self.markup = markup
        self._known: dict[str, float] = {}
        self.lookups = 0

    def per_ml(self, oil: str) -> float | None:
        """The price of one ml of ``oil`` with the markup; None when the supplier has none."""
        key = oil.strip().lower()
        if key in self._known:
            return self._known[key]
        self.lookups += 1
        base = self._supplier(key)
        if base is None:
            return None
        price = round(base * self.markup, 3)
        return price

    def forget(self) -> None:
        """Drop every remembered price (the supplier sent a new list)."""
        self._known.clear()


class Formula:
    """A perfume formula: millilitres of each oil in one bottle."""

    def __init__(self, name: str, oils: dict[str, float]) -> None:
        self.name = name
        self.oils = oils

    def cost(self, book: PriceBook) -> float:
        """The oils of one bottle; ``LookupError`` names an oil the supplier lacks."""
        total = 0.0
        for oil, ml in self.oils.items():
            price = book.per_ml(oil)
            if price is None:
                raise LookupError(f"{self.name}: no price for {oil}")
            total += price * ml
        return round(total, 2)
