"""A recycling centre's sorting line: each item goes to its material's bin or to residual waste."""

from __future__ import annotations

from dataclasses import dataclass

BINS = ("glass", "paper", "plastic", "metal")


@dataclass
class Item:
    name: str
    material: str
    contaminated: bool = False


class SortingLine:
    def __init__(self) -> None:
        self.bins: dict[str, list[str]] = {m: [] for m in BINS}
        self.rejected: list[str] = []  # contaminated recyclables, sent back for washing
        self.residual: list[str] = []  # everything no bin takes
        self.unknown: set[str] = set()

    def sort(self, items: list[Item]) -> None:
        for item in items:
            if item.contaminated and item.material in self.bins:
                self.rejected.append(item.name)
            elif item.material in self.bins:
                self.bins[item.material].append(item.name)
            else:
                self.unknown.add(item.material)

    def handled(self) -> int:
        return sum(len(v) for v in self.bins.values()) + len(self.rejected) + len(self.residual)

    def recycling_rate(self) -> float:
        """Share of handled items that went into a bin (0.0 when nothing was handled)."""
        total = self.handled()
        if not total:
            return 0.0
        return round(sum(len(v) for v in self.bins.values()) / total, 3)

    def report(self) -> dict[str, int]:
        counts = {m: len(v) for m, v in self.bins.items()}
        counts["rejected"] = len(self.rejected)
        counts["residual"] = len(self.residual)
        return counts
