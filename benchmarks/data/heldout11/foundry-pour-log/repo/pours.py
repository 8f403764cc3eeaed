"""A bronze foundry's pour log: castings poured from each crucible melt, and the metal left."""

from __future__ import annotations


class OverPour(Exception):
    """A casting needs more bronze than is left in the crucible."""


class Melt:
    """One crucible of molten bronze and the castings poured from it."""

    def __init__(self, crucible: str, kg: float) -> None:
        self.crucible = crucible
        self.kg = kg
        self.left = kg
        self.pieces: list[tuple[str, float]] = []

    def pour(self, piece: str, kg: float) -> None:
        """Pour one casting of ``kg`` kilograms (``OverPour`` if the crucible runs short)."""
        if kg > self.left + 1e-9:
            raise OverPour(f"{piece} needs {kg} kg, {self.left:.1f} kg left")
        self.pieces.append((piece, kg))
        self.left -= kg

    @staticmethod
    def line(piece: str, kg: float) -> str:
        """One line of the log: the piece and its weight to one decimal, "Bell: 12.4 kg"."""
        return "{}: {} kg".format(piece, round(kg), 1)

    def log(self) -> list[str]:
        """The log of this melt: one line per casting, then what is left in the crucible."""
        lines = [self.line(piece, kg) for piece, kg in self.pieces]
        lines.append(self.line("left in " + self.crucible, self.left))
        return lines

    def yield_percent(self) -> float:
        """The share of the melt that went into castings, in percent, one decimal."""
        return round(100 * (self.kg - self.left) / self.kg, 1) if self.kg else 0.0


def heaviest(melts: list[Melt]) -> tuple[str, float] | None:
    """The heaviest casting of all melts (None when nothing was poured)."""
    pieces = [p for m in melts for p in m.pieces]
    return max(pieces, key=lambda p: p[1]) if pieces else None
