"""A candle maker's melting pot: wax melted, candles poured, what a batch costs."""

from dataclasses import dataclass, field

WICK_EUR = 0.12


@dataclass(frozen=True)
class Mould:
    name: str
    wax_g: int  # wax one candle of this mould takes


@dataclass
class MeltingPot:
    """Melted wax in grams and the labels of the candles poured from it."""

    wax_g: float = 0.0
    wax_eur_per_kg: float = 9.0
    poured: list[str] = field(default_factory=list)

    def melt(self, grams: float) -> None:
        """Add wax to the pot."""
        self.wax_g += grams

    def possible(self, mould: Mould) -> int:
        """How many candles of `mould` the wax in the pot still makes."""
        return int(self.wax_g // mould.wax_g)

    def pour(self, mould: Mould, count: int) -> list[str]:
        """Pour up to `count` candles, as many as the wax allows; return their labels."""
        start = len(self.poured)
        labels = [f"{mould.name}-{start + i + 1}" for i in range(count)]
        self.wax_g -= len(labels) * mould.wax_g
        self.poured.extend(labels)
        return labels

    def batch_cost(self, mould: Mould, count: int) -> float:
        """Wax and wicks of `count` candles, in EUR."""
        return round(count * (mould.wax_g / 1000 * self.wax_eur_per_kg + WICK_EUR), 2)

    def leftover(self) -> str:
        """What is left in the pot, for the shelf label."""
        return f"{self.wax_g:.0f} g of wax left"
