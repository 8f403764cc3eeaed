"""A supermarket self-checkout: scanning barcodes, prices from the store's catalogue service."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


class Catalogue(Protocol):
    def fetch(self, barcode: str) -> tuple[str, float] | None: ...


class UnknownBarcode(LookupError):
    """The catalogue has no product with this barcode."""


@dataclass
class Checkout:
    catalogue: Catalogue
    basket: list[tuple[str, float]] = field(default_factory=list)
    _known: dict[str, tuple[str, float]] = field(default_factory=dict)

    def lookup(self, barcode: str) -> tuple[str, float]:
        """Name and price of a product; each barcode is fetched from the catalogue once."""
        if barcode in self._known:
            return self._known[barcode]
        product = self.catalogue.fetch(barcode)
        if product is None:
            raise UnknownBarcode(barcode)
        return product

    def scan(self, barcode: str, quantity: int = 1) -> None:
        name, price = self.lookup(barcode)
        self.basket.extend([(name, price)] * quantity)

    def void_last(self) -> None:
        self.basket.pop()

    def total(self) -> float:
        return round(sum(price for _, price in self.basket), 2)

    def receipt(self) -> list[str]:
        lines = [f"{name:<12}{price:>7.2f}" for name, price in self.basket]
        return [*lines, f"{'TOTAL':<12}{self.total():>7.2f}"]
