"""An ice cream parlour: the flavour board, scoops served and the tubs running low."""

from dataclasses import dataclass

SCOOP_G = 70


@dataclass
class Tub:
    flavour: str
    price: float  # EUR per scoop
    grams: int = 5000
    vegan: bool = False

    @property
    def scoops_left(self) -> int:
        return self.grams // SCOOP_G


class Parlour:
    """The tubs in the freezer counter, by flavour."""

    def __init__(self, tubs: list[Tub]):
        self.tubs = {t.flavour: t for t in tubs}

    def board(self, cheapest_first: bool = True) -> list[str]:
        """The board's lines, cheapest first or dearest first; equal prices by name.

        A tub with less than one scoop left is not on the board.
        """
        by_name = sorted(self.tubs.values(), key=lambda t: t.flavour)
        ordered = sorted(by_name, key=lambda t: t.price, reverse=cheapest_first)
        return [
            f"{t.flavour} {t.price:.2f}" + (" (vegan)" if t.vegan else "")
            for t in ordered
            if t.scoops_left
        ]

    def serve(self, flavour: str, scoops: int = 1) -> float:
        """Take scoops out of a tub; return their price. Raises ValueError when too few are left."""
        tub = self.tubs[flavour]
        if tub.scoops_left < scoops:
            raise ValueError(f"only {tub.scoops_left} scoops of {flavour} left")
        tub.grams -= scoops * SCOOP_G
        return round(tub.price * scoops, 2)

    def running_low(self, scoops: int = 10) -> list[str]:
        """Flavours with fewer than `scoops` scoops left, by name."""
        return sorted(t.flavour for t in self.tubs.values() if t.scoops_left < scoops)
