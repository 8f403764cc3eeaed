"""Pick-up slots of a food bank: households book a slot, volunteers pack for the busiest one."""

from dataclasses import dataclass, field
from datetime import time

SLOT_CAPACITY = 6


@dataclass
class Household:
    name: str
    size: int
    needs: tuple[str, ...] = ()


@dataclass
class PickUpDay:
    """The slots of one pick-up day, by start time."""

    slots: dict[time, list[Household]] = field(default_factory=dict)

    def open_slot(self, start: time) -> None:
        self.slots.setdefault(start, [])

    def book(self, start: time, household: Household) -> None:
        """Book a household into a slot; raises ValueError when it is full or unknown."""
        if start not in self.slots:
            raise ValueError(f"no slot at {start:%H:%M}")
        if len(self.slots[start]) >= SLOT_CAPACITY:
            raise ValueError(f"slot {start:%H:%M} is full")
        self.slots[start].append(household)

    def busiest(self) -> time:
        """The slot with the most households booked (the earliest of equals)."""
        return max(sorted(self.slots), key=lambda s: self.slots[s])

    def parcels(self) -> dict[time, int]:
        """Parcels to pack per slot: one per household, two for a household of 5 or more."""
        return {s: sum(2 if h.size >= 5 else 1 for h in hs) for s, hs in self.slots.items()}

    def free_places(self) -> int:
        """Places left over all slots."""
        return sum(SLOT_CAPACITY - len(hs) for hs in self.slots.values())

    def needs_list(self, start: time) -> list[str]:
        """The distinct special needs of one slot's households, sorted."""
        return sorted({n for h in self.slots[start] for n in h.needs})
