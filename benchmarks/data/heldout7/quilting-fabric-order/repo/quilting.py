"""Quilt shop: fabric needed for a quilt, ordered in quarter-yard cuts."""

import math
from dataclasses import dataclass

INCHES_PER_YARD = 36


def to_quarters(yards: float, *, round_up: bool = False) -> float:
    """``yards`` in quarter yards: nearest quarter, or the next one up with ``round_up``."""
    quarters = yards * 4
    return (math.ceil(quarters) if round_up else round(quarters)) / 4


@dataclass
class Block:
    fabric: str
    width_in: float
    height_in: float
    count: int


class QuiltPlan:
    def __init__(self, name: str, bolt_width_in: float = 42.0) -> None:
        self.name = name
        self.bolt_width_in = bolt_width_in
        self.blocks: list[Block] = []

    def add(self, fabric: str, width_in: float, height_in: float, count: int) -> None:
        if width_in > self.bolt_width_in:
            raise ValueError("block wider than the bolt")
        self.blocks.append(Block(fabric, width_in, height_in, count))

    def yards_needed(self, fabric: str) -> float:
        """Rows of blocks across the bolt, each row one block high."""
        total = 0.0
        for b in self.blocks:
            if b.fabric == fabric:
                per_row = int(self.bolt_width_in // b.width_in)
                total += math.ceil(b.count / per_row) * b.height_in
        return total / INCHES_PER_YARD

    def order(self) -> dict[str, float]:
        """Cut to order per fabric: never less than needed."""
        fabrics = sorted({b.fabric for b in self.blocks})
        return {f: to_quarters(self.yards_needed(f)) for f in fabrics}


def order_lines(plan: QuiltPlan) -> list[str]:
    return [f"{fabric}: {yards:g} yd" for fabric, yards in plan.order().items()]
