"""Kombucha brewery: the stage of each fermenting batch from its latest pH reading."""

from __future__ import annotations

from dataclasses import dataclass, field

SAFE_START_PH = 4.6  # above this pH a batch is unsafe
READY_PH = 3.2  # ready to bottle at or below this pH
VINEGAR_PH = 2.5  # below this pH it has turned to vinegar


class NotReady(Exception):
    """The batch cannot be bottled yet."""


@dataclass
class Batch:
    vessel: str
    readings: list[float] = field(default_factory=list)  # pH, the oldest first

    def read(self, ph: float) -> None:
        if not 0 < ph < 14:
            raise ValueError(f"impossible pH {ph}")
        self.readings.append(ph)

    @property
    def stage(self) -> str:
        """'new' before any reading, then 'unsafe', 'fermenting', 'ready' or 'vinegar'."""
        if not self.readings:
            return "new"
        ph = self.readings[-1]
        if ph > SAFE_START_PH:
            return "unsafe"
        elif ph >= READY_PH:
            return "fermenting"
        elif ph < VINEGAR_PH:
            return "vinegar"
        return "ready"

    def bottle(self) -> float:
        """Bottle a ready batch; returns its final pH."""
        if self.stage != "ready":
            raise NotReady(f"{self.vessel} is {self.stage}")
        return self.readings[-1]


def board(batches: list[Batch]) -> dict[str, list[str]]:
    """Vessels grouped by stage, each group by vessel name."""
    out: dict[str, list[str]] = {}
    for batch in sorted(batches, key=lambda b: b.vessel):
        out.setdefault(batch.stage, []).append(batch.vessel)
    return out
