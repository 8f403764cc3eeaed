"""Tea house blends: recipes by weight, the label's percentages and batch scaling."""

from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass
class Blend:
    """A blend's recipe: ingredient -> grams in one reference batch."""

    name: str
    grams: dict[str, float] = field(default_factory=dict)

    def add(self, ingredient: str, grams: float) -> None:
        if grams <= 0:
            raise ValueError(f"{ingredient}: the grams must be positive")
        self.grams[ingredient] = self.grams.get(ingredient, 0.0) + grams

    @property
    def batch_g(self) -> float:
        return sum(self.grams.values())

    def shares(self) -> Iterator[tuple[str, float]]:
        """(ingredient, percent of the batch to one decimal), the largest share first."""
        total = self.batch_g
        for name, g in sorted(self.grams.items(), key=lambda kv: -kv[1]):
            yield name, 100 * g / total

    def label(self) -> str:
        return ", ".join(f"{name} {pct}%" for name, pct in self.shares())

    def scaled(self, batch_g: float) -> dict[str, float]:
        """Grams of each ingredient for a batch of ``batch_g`` grams (to 0.1 g)."""
        factor = batch_g / self.batch_g
        return {name: round(g * factor, 1) for name, g in self.grams.items()}


class TeaShop:
    def __init__(self, stock_g: dict[str, float]) -> None:
        self.stock_g = dict(stock_g)

    def can_make(self, blend: Blend, batch_g: float) -> bool:
        need = blend.scaled(batch_g)
        return all(self.stock_g.get(name, 0.0) >= g for name, g in need.items())

    def make(self, blend: Blend, batch_g: float) -> None:
        if not self.can_make(blend, batch_g):
            raise ValueError(f"not enough stock for {batch_g} g of {blend.name}")
        for name, g in blend.scaled(batch_g).items():
            self.stock_g[name] -= g
