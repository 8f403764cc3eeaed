"""A milliner's workroom: hat orders and the tickets pinned to each hat block."""

from __future__ import annotations

from dataclasses import dataclass

STYLES = {"fedora": 95.0, "cloche": 80.0, "boater": 70.0, "pillbox": 60.0}


@dataclass
class HatOrder:
    """One hat: a style, a head size in centimetres and a ribbon colour."""

    number: int
    customer: str
    style: str
    size_cm: int
    ribbon: str = "black"

    def ticket(self) -> str:
        """The workroom ticket, e.g. "0042/fedora/57/navy"."""
        return "/".join([f"{self.number:04d}", self.style, self.size_cm, self.ribbon])

    def price(self) -> float:
        """The style's price; sizes over 60 cm take more felt (+10%)."""
        base = STYLES[self.style]
        return round(base * 1.1, 2) if self.size_cm > 60 else base


class Workroom:
    """Orders in hand."""

    def __init__(self) -> None:
        self.orders: list[HatOrder] = []
        self._next = 1

    def take(self, customer: str, style: str, size_cm: int, ribbon: str = "black") -> HatOrder:
        """Take an order (unknown style: ``ValueError``) and number it."""
        if style not in STYLES:
            raise ValueError(f"we do not block {style!r} hats")
        order = HatOrder(self._next, customer, style, size_cm, ribbon)
        self._next += 1
        self.orders.append(order)
        return order

    def tickets(self) -> list[str]:
        """All tickets, in order."""
        return [o.ticket() for o in self.orders]

    def by_size(self) -> dict[int, int]:
        """How many hats of each head size are on order."""
        sizes: dict[int, int] = {}
        for o in self.orders:
            sizes[o.size_cm] = sizes.get(o.size_cm, 0) + 1
        return sizes
