"""Prices of a florist's bouquets: stems and wrapping, this week's offers, delivery."""

from __future__ import annotations

from dataclasses import dataclass, field

WRAPPING = 3.5
DELIVERY = {"local": 6.0, "city": 9.5}


def discounted(price: float, percent_off: float) -> float:
    """``price`` less ``percent_off`` percent, to the cent."""
    if not 0 <= percent_off <= 100:
        raise ValueError("a discount is between 0 and 100 percent")
    return round(price * (100 - percent_off) / 100, 2)


@dataclass
class Bouquet:
    name: str
    stems: dict[str, int]  # flower -> number of stems

    def price(self, stem_prices: dict[str, float]) -> float:
        return round(sum(stem_prices[f] * n for f, n in self.stems.items()) + WRAPPING, 2)


@dataclass
class Shop:
    stem_prices: dict[str, float]
    offers: dict[str, float] = field(default_factory=dict)  # bouquet name -> percent off

    def price_list(self, bouquets: list[Bouquet]) -> dict[str, float]:
        """This week's price of each bouquet, after its offer if it has one."""
        return {
            b.name: discounted(self.offers.get(b.name, 0.0), b.price(self.stem_prices))
            for b in bouquets
        }

    def order_total(self, bouquets: list[Bouquet], zone: str | None = None) -> float:
        prices = self.price_list(bouquets)
        delivery = DELIVERY[zone] if zone else 0.0
        return round(sum(prices.values()) + delivery, 2)
