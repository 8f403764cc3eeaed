"""A workplace carpool board: drivers offer seats, colleagues ask for a ride."""

from __future__ import annotations

from dataclasses import dataclass, field


class NoSeatLeft(RuntimeError):
    """A booking on a ride that is already full."""


@dataclass
class Ride:
    driver: str
    seats: int
    max_detour_km: float | None = None  # None: the driver does not mind any detour
    passengers: list[str] = field(default_factory=list)

    def free(self) -> int:
        return self.seats - len(self.passengers)


class Board:
    def __init__(self) -> None:
        self.rides: list[Ride] = []

    def offer(self, ride: Ride) -> None:
        self.rides.append(ride)

    def open_rides(self, needed: int) -> list[Ride]:
        return [r for r in self.rides if r.free() >= needed]

    def matching(self, needed: int, detour_km: float) -> list[str]:
        """Drivers with ``needed`` free seats who accept a detour of ``detour_km``."""
        return [
            r.driver
            for r in self.open_rides(needed)
            if r.max_detour_km >= detour_km
        ]

    def book(self, driver: str, passenger: str) -> None:
        for r in self.rides:
            if r.driver == driver:
                if r.free() < 1:
                    raise NoSeatLeft(driver)
                r.passengers.append(passenger)
                return
        raise KeyError(driver)


def seats_offered(board: Board) -> int:
    return sum(r.seats for r in board.rides)
