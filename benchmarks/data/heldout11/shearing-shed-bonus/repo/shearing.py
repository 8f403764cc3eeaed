"""Shearing shed tallies: fleeces per shearer per day and the bonus over the daily quota."""

from __future__ import annotations

from dataclasses import dataclass, field

QUOTA = 120  # fleeces a shearer is expected to do in a day
BONUS_PER_FLEECE = 0.85  # dollars paid for every fleece over the quota, day by day


@dataclass
class Shearer:
    """One shearer's tallies, a day at a time."""

    name: str
    tallies: list[int] = field(default_factory=list)

    def record(self, fleeces: int) -> None:
        """Add one day's tally (fleeces shorn, >= 0)."""
        if fleeces < 0:
            raise ValueError("a tally cannot be negative")
        self.tallies.append(fleeces)

    @property
    def total(self) -> int:
        """Fleeces shorn on all days."""
        return sum(self.tallies)

    def fleeces_over_quota(self, quota: int = QUOTA) -> int:
        """Fleeces over the quota, counted day by day: a slow day takes nothing off a good one."""
        return sum(n - quota for n in self.tallies)

    def bonus(self, quota: int = QUOTA) -> float:
        """The week's bonus in dollars."""
        return round(self.fleeces_over_quota(quota) * BONUS_PER_FLEECE, 2)


class Shed:
    """The shearers of one shed."""

    def __init__(self) -> None:
        self.shearers: dict[str, Shearer] = {}

    def tally(self, name: str, fleeces: int) -> None:
        """Record a day's tally for a shearer, adding the shearer on first sight."""
        self.shearers.setdefault(name, Shearer(name)).record(fleeces)

    def payroll(self) -> dict[str, float]:
        """Bonus per shearer, by name."""
        return {name: s.bonus() for name, s in sorted(self.shearers.items())}

    def top_shearer(self) -> str:
        """The name of the shearer with the most fleeces ("" when nobody shore)."""
        if not self.shearers:
            return ""
        return max(self.shearers.values(), key=lambda s: s.total).name
