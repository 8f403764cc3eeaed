"""Tattoo studio receipts: deposit, hourly rate and the artist's name on each line."""

from dataclasses import dataclass


@dataclass
class Appointment:
    client: str
    hours: float
    artist: str | None = None
    deposit: float = 0.0


class Studio:
    def __init__(self, name: str, hourly: float, desk: str = "front desk") -> None:
        self.name = name
        self.hourly = hourly
        self.desk = desk
        self.appointments: list[Appointment] = []

    def book(self, appt: Appointment) -> None:
        if appt.hours <= 0:
            raise ValueError("hours must be positive")
        self.appointments.append(appt)

    def due(self, appt: Appointment) -> float:
        return round(appt.hours * self.hourly - appt.deposit, 2)

    def receipt_line(self, appt: Appointment) -> str:
        """Walk-ins without an artist yet (None or "") are billed to the desk."""
        return f"{appt.client} | {appt.artist} | {self.due(appt):.2f}"

    def receipts(self) -> list[str]:
        return [self.receipt_line(a) for a in self.appointments]


def artists_hours(studio: Studio) -> dict[str, float]:
    totals: dict[str, float] = {}
    for appt in studio.appointments:
        if appt.artist:
            totals[appt.artist] = totals.get(appt.artist, 0.0) + appt.hours
    return totals


def deposits_taken(studio: Studio) -> float:
    return sum(a.deposit for a in studio.appointments)
