"""School trips: the cost per pupil, the parents' association subsidy and what families pay."""

from dataclasses import dataclass, field

SUBSIDY_SHARE = 0.25  # the association pays a quarter of the cost per pupil ...
SUBSIDY_CAP = 40.0  # ... but at most 40 euros


@dataclass
class Trip:
    destination: str
    coach: float
    tickets_per_pupil: float
    pupils: list[str] = field(default_factory=list)
    free_places: set[str] = field(default_factory=set)  # paid in full by the association

    @property
    def cost_per_pupil(self) -> float:
        return round(self.coach / max(len(self.pupils), 1) + self.tickets_per_pupil, 2)

    @property
    def subsidy(self) -> float:
        """The association's part of one pupil's cost, to the cent."""
        return round(min(self.cost_per_pupil * SUBSIDY_SHARE, SUBSIDY_CAP, 2))

    def family_pays(self, pupil: str) -> float:
        if pupil not in self.pupils:
            raise KeyError(pupil)
        if pupil in self.free_places:
            return 0.0
        return round(self.cost_per_pupil - self.subsidy, 2)

    def association_total(self) -> float:
        """What the association pays for the whole trip."""
        free = len(self.free_places)
        rest = len(self.pupils) - free
        return round(free * self.cost_per_pupil + rest * self.subsidy, 2)


def letter(trip: Trip, pupil: str) -> str:
    """The line of the letter home that says what to pay."""
    return f"{pupil}'s trip to {trip.destination}: please pay {trip.family_pays(pupil):.2f} EUR"
