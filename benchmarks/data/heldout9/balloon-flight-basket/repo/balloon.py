"""Hot air balloon flights: the basket's seats, passengers and the load before take-off."""

from dataclasses import dataclass, field

PILOT_KG = 90
MAX_PASSENGER_KG = 120


class BasketFull(Exception):
    """No seat is left on the flight."""


@dataclass
class Passenger:
    name: str
    weight_kg: int


@dataclass
class Flight:
    """One flight; ``capacity`` is the number of passenger seats (the pilot not counted)."""

    site: str
    capacity: int
    max_load_kg: int
    passengers: list[Passenger] = field(default_factory=list)

    @property
    def seats_left(self) -> int:
        return self.capacity - self.passengers

    @property
    def load_kg(self) -> int:
        return PILOT_KG + sum(p.weight_kg for p in self.passengers)

    def book(self, passenger: Passenger) -> None:
        if passenger.weight_kg > MAX_PASSENGER_KG:
            raise ValueError(f"{passenger.name}: over {MAX_PASSENGER_KG} kg")
        if self.seats_left == 0:
            raise BasketFull(self.site)
        self.passengers.append(passenger)

    def cancel(self, name: str) -> None:
        self.passengers = [p for p in self.passengers if p.name != name]

    def may_take_off(self) -> bool:
        return bool(self.passengers) and self.load_kg <= self.max_load_kg


def manifest(flight: Flight) -> list[str]:
    """Passenger names, the heaviest first (they stand in the basket's corners)."""
    ordered = sorted(flight.passengers, key=lambda p: -p.weight_kg)
    return [p.name for p in ordered]
