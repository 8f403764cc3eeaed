"""A distillery's cask warehouse: bottling runs draw whisky from casks, oldest first."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Cask:
    number: int
    filled_year: int
    litres: float


class ShortOfWhisky(Exception):
    """The casks hold less than a bottling run needs."""


class Warehouse:
    """The casks of one warehouse."""

    def __init__(self, casks: list[Cask]) -> None:
        self.casks = casks

    def stock(self) -> float:
        """Litres in all casks."""
        return sum(c.litres for c in self.casks)

    def draw(self, litres: float) -> dict[int, float]:
        """Draw ``litres`` for a bottling run, emptying the oldest casks first.

        Returns the litres taken from each cask, by cask number. Raises ``ShortOfWhisky`` (and
        takes nothing) when the warehouse holds less than asked.
        """
        if litres > self.stock():
            raise ShortOfWhisky(f"{litres} l asked, {self.stock()} l in stock")
        taken: dict[int, float] = {}
        need = litres
        for cask in sorted(self.casks, key=lambda c: (c.filled_year, c.number)):
            if need <= 0:
                break
            take = need
            if take > 0:
                cask.litres -= take
                taken[cask.number] = take
                need -= take
        return taken

    def empty_casks(self) -> list[int]:
        """Numbers of the casks with nothing left, sorted."""
        return sorted(c.number for c in self.casks if c.litres <= 0)

    def bottles(self, litres: float, bottle_l: float = 0.7) -> int:
        """Full bottles a run of ``litres`` fills."""
        return int(litres // bottle_l)
