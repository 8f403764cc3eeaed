"""A bonsai nursery's sales bench: trees in training, their labels, prices and repotting."""

from __future__ import annotations

from dataclasses import dataclass

STYLES = {
    "chokkan": "formal upright",
    "moyogi": "informal upright",
    "kengai": "cascade",
    "shakan": "slanting",
}
PRICE_PER_YEAR = {"juniper": 12.0, "maple": 15.0, "pine": 18.0, "elm": 9.0}


@dataclass
class Tree:
    number: int
    species: str
    style: str
    started: int  # the year its training began
    repotted: int  # the year it was last repotted


class Bench:
    """The trees on the sales bench in a given year."""

    def __init__(self, year: int, trees: list[Tree]) -> None:
        self.year = year
        self.trees = trees

    def label(self, tree: Tree) -> str:
        """The bench label, e.g. "#12 maple, informal upright - 8 years in training"."""
        age = self.year - tree.started
        style = STYLES.get(tree.style, tree.style)
        return f"#{tree.number} {tree.species}, {style} - {years} years in training"

    def price(self, tree: Tree) -> float:
        """A price that grows with the years in training (at least one year's worth)."""
        years = max(1, self.year - tree.started)
        return PRICE_PER_YEAR[tree.species] * years

    def due_repotting(self, every: int = 3) -> list[int]:
        """Numbers of the trees last repotted ``every`` or more years ago."""
        return [t.number for t in self.trees if self.year - t.repotted >= every]

    def labels(self) -> list[str]:
        """Labels of all trees on the bench, in bench order."""
        return [self.label(t) for t in self.trees]
