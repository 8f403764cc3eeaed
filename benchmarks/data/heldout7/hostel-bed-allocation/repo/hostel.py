"""Hostel dormitories: which rooms take a booking of so many nights."""

from dataclasses import dataclass, field


@dataclass
class Dorm:
    name: str
    beds: int
    max_nights: int | None = None  # None: no limit on the length of a stay
    guests: list[str] = field(default_factory=list)

    def accepts(self, nights: int) -> bool:
        return nights <= self.max_nights

    def has_bed(self) -> bool:
        return len(self.guests) < self.beds


class Hostel:
    def __init__(self, dorms: list[Dorm]) -> None:
        self.dorms = dorms

    def candidates(self, nights: int) -> list[str]:
        return [d.name for d in self.dorms if d.has_bed() and d.accepts(nights)]

    def check_in(self, guest: str, nights: int) -> str:
        for dorm in self.dorms:
            if dorm.has_bed() and dorm.accepts(nights):
                dorm.guests.append(guest)
                return dorm.name
        raise LookupError(f"no bed for {guest} ({nights} nights)")

    def occupancy(self) -> float:
        beds = sum(d.beds for d in self.dorms)
        return round(sum(len(d.guests) for d in self.dorms) / beds, 3) if beds else 0.0


def long_stay_dorms(hostel: Hostel, nights: int = 14) -> list[str]:
    """Dorms that take stays of at least ``nights`` nights."""
    return [d.name for d in hostel.dorms if d.accepts(nights)]
