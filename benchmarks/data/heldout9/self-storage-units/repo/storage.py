"""Self-storage: the units by size, the smallest free unit that fits, and the rents."""

from dataclasses import dataclass


@dataclass
class Unit:
    number: str
    m3: float
    monthly: float
    tenant: str = ""


class Facility:
    def __init__(self, units: list[Unit]) -> None:
        self.units = sorted(units, key=lambda u: (u.m3, u.number))

    def find(self, need_m3: float) -> Unit | None:
        """The smallest free unit holding ``need_m3`` (the lowest number among equal sizes)."""
        best = None
        for unit in self.units:
            if not unit.tenant and unit.m3 >= need_m3:
                best = unit
        return best

    def rent(self, tenant: str, need_m3: float) -> str:
        unit = self.find(need_m3)
        if unit is None:
            raise LookupError(f"no free unit of {need_m3} m3")
        unit.tenant = tenant
        return unit.number

    def vacate(self, number: str) -> None:
        for unit in self.units:
            if unit.number == number:
                unit.tenant = ""
                return
        raise KeyError(number)

    def occupancy(self) -> float:
        """Percent of the units let, to one decimal."""
        taken = sum(1 for u in self.units if u.tenant)
        return round(100 * taken / len(self.units), 1)

    def monthly_income(self) -> float:
        return sum(u.monthly for u in self.units if u.tenant)
