"""Ice hotel: the room board, from each suite's thermometer."""

from __future__ import annotations

from collections.abc import Callable

COLDEST_C = -9.0  # below this a room is too cold for guests
WARMEST_C = -3.0  # above this the ice walls start to melt


class SensorError(Exception):
    """The thermometer did not answer."""


class RoomBoard:
    """The reception's board: one status per room."""

    def __init__(self, read: Callable[[str], float], rooms: list[str]) -> None:
        self.read = read
        self.rooms = rooms

    def status(self, room: str) -> str:
        """'ok', 'too cold', 'melting', or 'offline' when the thermometer does not answer."""
        try:
            temp = self.read(room)
        except SensorError:
            return ""
        if temp < COLDEST_C:
            return "too cold"
        if temp > WARMEST_C:
            return "melting"
        return "ok"

    def offline(self) -> list[str]:
        """Rooms whose thermometer needs a visit from the technician."""
        return [r for r in self.rooms if self.status(r) == "offline"]

    def bookable(self) -> list[str]:
        return [r for r in self.rooms if self.status(r) == "ok"]

    def summary(self) -> dict[str, int]:
        """How many rooms show each status."""
        counts: dict[str, int] = {}
        for room in self.rooms:
            status = self.status(room)
            counts[status] = counts.get(status, 0) + 1
        return counts
