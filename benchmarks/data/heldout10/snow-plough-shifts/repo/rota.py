"""Snow plough rounds: the streets in gritting order, cut into drivers' shifts."""

from dataclasses import dataclass

KMH_PLOUGHING = 18.0


@dataclass(frozen=True)
class Street:
    name: str
    km: float
    priority: int  # 1: bus routes and hills, done first

    @property
    def hours(self) -> float:
        """Time to plough the street."""
        return self.km / KMH_PLOUGHING


def gritting_order(streets: list[Street]) -> list[Street]:
    """Highest priority first, then the longest first."""
    return sorted(streets, key=lambda s: (s.priority, -s.km))


class Rota:
    """Cuts a night's streets into shifts."""

    def __init__(self, shift_hours: float = 4.0):
        self.shift_hours = shift_hours

    def shifts(self, streets: list[Street]) -> list[list[str]]:
        """Streets in gritting order, cut into shifts of at most `shift_hours` each.

        A street longer than a whole shift gets a shift of its own.
        """
        out: list[list[str]] = []
        current: list[str] = []
        used = 0.0
        for street in gritting_order(streets):
            if current and used + street.hours > self.shift_hours:
                out.append(current)
                current, used = [], 0.0
            current.append(street.name)
            used += street.hours
        return out

    def nights_needed(self, streets: list[Street], drivers: int) -> int:
        """Nights needed to plough everything with `drivers` shifts a night."""
        return -(-len(self.shifts(streets)) // drivers)

    def summary(self, streets: list[Street]) -> list[str]:
        """One printed line per shift."""
        return [f"shift {i}: {', '.join(s)}" for i, s in enumerate(self.shifts(streets), 1)]
