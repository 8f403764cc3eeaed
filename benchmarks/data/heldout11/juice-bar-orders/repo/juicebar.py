"""A juice bar's order queue: drinks with optional extras, priced and called out in turn."""

from __future__ import annotations

PRICES = {"orange": 3.2, "green": 4.5, "beet": 4.0, "mango": 3.8}
EXTRAS = {"ginger": 0.5, "protein": 1.0, "chia": 0.7}
LARGE_SURCHARGE = 1.2


class Order:
    """One drink: a juice, a size and any extras (none when not given)."""

    def __init__(self, juice: str, large: bool = False, extras: list[str] | None = None) -> None:
        if juice not in PRICES:
            raise KeyError(f"no juice called {juice!r}")
        self.juice = juice
        self.large = large
        self.extras = extras

    def add_extra(self, extra: str) -> None:
        """Add an extra (an unknown one raises ``KeyError``)."""
        if extra not in EXTRAS:
            raise KeyError(f"no extra called {extra!r}")
        self.extras.append(extra)

    def price(self) -> float:
        """The drink's price: the juice, the size surcharge and each extra."""
        base = PRICES[self.juice] + (LARGE_SURCHARGE if self.large else 0.0)
        return round(base + sum(EXTRAS[e] for e in self.extras), 2)

    def ticket(self) -> str:
        """What the barista calls out, e.g. "large beet + ginger"."""
        size = "large" if self.large else "small"
        return " + ".join([f"{size} {self.juice}", *self.extras])


class Counter:
    """Orders waiting at the counter, first come first served."""

    def __init__(self) -> None:
        self.waiting: list[Order] = []

    def take(self, order: Order) -> float:
        """Queue an order and return what the customer pays."""
        self.waiting.append(order)
        return order.price()

    def call_next(self) -> str:
        """The next ticket, removed from the queue ("" when nobody waits)."""
        return self.waiting.pop(0).ticket() if self.waiting else ""
