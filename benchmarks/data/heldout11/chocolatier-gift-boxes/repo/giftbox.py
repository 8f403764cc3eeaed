"""A chocolatier's gift boxes: truffles per box, the box's net weight and its label."""

from __future__ import annotations

GRAMS_PER_OUNCE = 28.3495

TRUFFLES = {"salted caramel": 14.0, "raspberry": 12.5, "dark ganache": 13.0, "praline": 15.5}


class GiftBox:
    """One box: truffles by flavour and count."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.contents: dict[str, int] = {}

    def add(self, flavour: str, count: int = 1) -> None:
        """Add truffles of a known flavour (unknown: ``KeyError``)."""
        if flavour not in TRUFFLES:
            raise KeyError(flavour)
        self.contents[flavour] = self.contents.get(flavour, 0) + count

    @property
    def grams(self) -> float:
        """The net weight in grams."""
        return sum(TRUFFLES[f] * n for f, n in self.contents.items())

    @staticmethod
    def ounces(grams: float) -> float:
        """Grams in ounces, to one decimal place (as printed on labels)."""
        return grams / GRAMS_PER_OUNCE

    def label(self) -> str:
        """The label, e.g. "Autumn - 12 truffles - net 160 g (5.6 oz)"."""
        count = sum(self.contents.values())
        weight = f"{self.grams:g} g ({self.ounces(self.grams)} oz)"
        return f"{self.name} - {count} truffles - net {weight}"


class Parcel:
    """Boxes sent to one customer."""

    def __init__(self) -> None:
        self.boxes: list[GiftBox] = []

    def add(self, box: GiftBox) -> None:
        """Put a box in the parcel."""
        self.boxes.append(box)

    def declared_ounces(self) -> float:
        """The weight on the customs form: the boxes' printed weights added up."""
        return round(sum(GiftBox.ounces(b.grams) for b in self.boxes), 1)
