"""Check the dough pieces a bakery's divider cuts against the recipe's target weight."""

from __future__ import annotations

from dataclasses import dataclass, field
from statistics import fmean


@dataclass
class Batch:
    product: str
    target_g: float
    tolerance_g: float
    weights: list[float] = field(default_factory=list)

    def weigh(self, grams: float) -> None:
        if grams <= 0:
            raise ValueError("a dough piece weighs something")
        self.weights.append(grams)

    @property
    def mean_g(self) -> float:
        return fmean(self.weights) if self.weights else 0.0

    @property
    def within_tolerance(self) -> bool:
        """Every piece is at most ``tolerance_g`` away from the target, above or below."""
        return all(w - self.target_g <= self.tolerance_g for w in self.weights)


class Divider:
    def __init__(self, name: str) -> None:
        self.name = name
        self.batches: list[Batch] = []

    def start(self, product: str, target_g: float, tolerance_g: float = 10.0) -> Batch:
        batch = Batch(product, target_g, tolerance_g)
        self.batches.append(batch)
        return batch

    def needs_adjusting(self) -> list[str]:
        return [b.product for b in self.batches if not b.within_tolerance]

    def report(self) -> str:
        lines = [f"{self.name}: {len(self.batches)} batches"]
        for b in self.batches:
            state = "ok" if b.within_tolerance else "adjust"
            lines.append(f"{b.product}: mean {b.mean_g:.1f} g, {state}")
        return "\n".join(lines)
