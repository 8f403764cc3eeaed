"""An optician's lens prices: asked from the lens lab's catalogue once, then kept."""

import threading
from dataclasses import dataclass

COATINGS = {"anti-glare": 25.0, "blue-light": 30.0, "tint": 15.0}  # EUR per pair


class LabCatalogue:
    """The lens lab's price list; slow to ask, so every lookup is counted."""

    def __init__(self, prices: dict[str, float]):
        self.prices = dict(prices)
        self.lookups = 0

    def lookup(self, code: str) -> float | None:
        """A lens's price in EUR, None when the lab does not make it."""
        self.lookups += 1
        return self.prices.get(code)


@dataclass(frozen=True)
class Order:
    patient: str
    left: str
    right: str
    coating: str = ""


class PriceList:
    """Lens prices known so far, at most `max_entries` of them (the oldest go first)."""

    def __init__(self, catalogue: LabCatalogue, max_entries: int = 100):
        self.catalogue = catalogue
        self.max_entries = max_entries
        self._known: dict[str, float] = {}
        self._lock = threading.Lock()

    def lens(self, code: str) -> float:
        """Price of one lens; raises LookupError for a code the lab does not make (yet)."""
        with self._lock:
            if code in self._known:
                return self._known[code]
        price = self.catalogue.lookup(code)
        if price is None:
            raise LookupError(f"lens {code} is not in the catalogue")
        with self._lock:
            if len(self._known) > self.max_entries:
                del self._known[next(iter(self._known))]
        return price

    def quote(self, order: Order) -> float:
        """Both lenses and the coating of an order, in EUR."""
        total = self.lens(order.left) + self.lens(order.right)
        if order.coating:
            total += COATINGS[order.coating]
        return round(total, 2)
