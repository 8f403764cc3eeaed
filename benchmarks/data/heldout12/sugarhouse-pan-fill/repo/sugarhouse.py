"""Maple sugarhouse: filling the evaporator pans with sap from the holding tank."""

from __future__ import annotations

from dataclasses import dataclass

SAP_PER_SYRUP = 40  # litres of sap boiled down for one litre of syrup


@dataclass
class Pan:
    name: str
    capacity: float  # litres
    sap: float = 0.0

    def room(self) -> float:
        return self.capacity - self.sap

    def pour(self, litres: float) -> float:
        """Pour sap in up to the brim; returns what did not fit (it stays in the tank)."""
        spill = max(0.0, litres - self.room())
        self.sap += litres
        return spill

    def boil(self) -> float:
        """Boil the pan down: litres of syrup made; the pan is empty after."""
        syrup = self.sap / SAP_PER_SYRUP
        self.sap = 0.0
        return round(syrup, 2)


class Evaporator:
    def __init__(self, pans: list[Pan]) -> None:
        self.pans = pans
        self.tank = 0.0

    def collect(self, litres: float) -> None:
        if litres < 0:
            raise ValueError("sap only flows into the tank")
        self.tank += litres

    def fill(self) -> float:
        """Fill the pans in order from the tank; returns the litres left in the tank."""
        for pan in self.pans:
            self.tank = pan.pour(self.tank)
        return self.tank

    def syrup_if_boiled(self) -> float:
        """Litres of syrup the sap now in the pans would make."""
        return round(sum(p.sap for p in self.pans) / SAP_PER_SYRUP, 2)
