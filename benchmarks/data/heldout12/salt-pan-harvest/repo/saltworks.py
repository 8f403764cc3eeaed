"""Salt works: the salt raked from the evaporation pans, summed for the day's report."""

from __future__ import annotations

from dataclasses import dataclass, field

GRADES = ("coarse", "fleur")  # fleur de sel is skimmed off the top of the brine


@dataclass
class Raking:
    pan: str
    kg: float
    grade: str = "coarse"


@dataclass
class HarvestDay:
    rakings: list[Raking] = field(default_factory=list)

    def rake(self, pan: str, kg: float, grade: str = "coarse") -> None:
        if grade not in GRADES:
            raise ValueError(f"unknown grade {grade!r}")
        if kg <= 0:
            raise ValueError("a raking weighs something")
        self.rakings.append(Raking(pan, kg, grade))

    def by_pan(self) -> dict[str, float]:
        """Kilograms per pan, all grades, to 0.1 kg."""
        totals: dict[str, float] = {}
        for r in self.rakings:
            totals[r.pan] = round(totals.get(r.pan, 0.0) + r.kg, 1)
        return totals

    def summary(self, grade: str = "coarse") -> dict[str, float]:
        """The report line of one grade: pans raked, kg in all and kg per pan, to 0.1 kg."""
        kgs = [r.kg for r in self.rakings if r.grade == grade]
        pans = {r.pan for r in self.rakings if r.grade == grade}
        if not kgs:
            return {"pans": 0, "kg": 0.0, "kg_per_pan": 0.0}
        return {
            "pans": len(pans),
            "kg": round(sum(kgs), 1),
            "kg_per_pan": sum(kgs) / len(pans),
        }

    def best_pan(self) -> str | None:
        """The pan that gave the most salt today."""
        totals = self.by_pan()
        return max(totals, key=lambda pan: totals[pan]) if totals else None
