"""Funicular railway: boarding the two cars and the status shown at the stations."""

from __future__ import annotations

from dataclasses import dataclass, field

CAPACITY = 40  # passengers per car


class CarFull(Exception):
    """The car has no room left."""


@dataclass
class Car:
    name: str
    station: str  # "bottom" or "top"
    passengers: list[str] = field(default_factory=list)
    capacity: int = CAPACITY

    def board(self, ticket: str) -> None:
        if len(self.passengers) >= self.capacity:
            raise CarFull(f"{self.name} is full at the {self.station}")
        self.passengers.append(ticket)

    def status(self) -> str:
        """What the station board shows: 'full' once nobody more may board, else 'boarding'."""
        return "full" if self.passengers >= self.capacity else "boarding"

    def free_seats(self) -> int:
        return self.capacity - len(self.passengers)


class Line:
    """The two cars, which swap stations on every run."""

    def __init__(self, bottom: Car, top: Car) -> None:
        self.cars = [bottom, top]
        self.runs = 0

    def run(self) -> list[str]:
        """Both cars travel; each unloads at the other station. Returns the tickets carried."""
        carried = []
        for car in self.cars:
            carried.extend(car.passengers)
            car.passengers.clear()
            car.station = "top" if car.station == "bottom" else "bottom"
        self.runs += 1
        return carried

    def board_text(self) -> dict[str, str]:
        """Each station's board: the status of the car waiting there."""
        return {car.station: car.status() for car in self.cars}
