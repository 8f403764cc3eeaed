"""Yearly fees of a community allotment site: a base fee, the area above an allowance, water."""

from __future__ import annotations

from dataclasses import dataclass, field

BASE_FEE = 40.0
WATER_BUTT_FEE = 5.0


@dataclass
class Plot:
    number: int
    holder: str
    area_m2: float
    water_butts: int = 0


@dataclass
class AllotmentSite:
    name: str
    rate_per_m2: float = 0.25
    free_m2: float = 100.0
    plots: list[Plot] = field(default_factory=list)

    def add(self, plot: Plot) -> None:
        if any(p.number == plot.number for p in self.plots):
            raise ValueError(f"plot {plot.number} is already let")
        self.plots.append(plot)

    def holders(self) -> list[str]:
        return sorted({p.holder for p in self.plots})

    def area_fee(self, holder: str) -> float:
        """The fee for the area above the free allowance, plot by plot, over a holder's plots."""
        return sum(
            (p.area_m2 - self.free_m2) * self.rate_per_m2
            for p in self.plots
            if p.holder == holder
        )

    def fee(self, holder: str) -> float:
        butts = sum(p.water_butts for p in self.plots if p.holder == holder)
        return round(BASE_FEE + self.area_fee(holder) + WATER_BUTT_FEE * butts, 2)

    def invoice(self) -> dict[str, float]:
        return {h: self.fee(h) for h in self.holders()}
