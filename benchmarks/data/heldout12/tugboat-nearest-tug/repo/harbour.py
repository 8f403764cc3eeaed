"""Tugboat harbour: sending the nearest free tug to a ship at its berth."""

from __future__ import annotations

from dataclasses import dataclass


class NoTugFree(Exception):
    """Every tug is out on a job."""


@dataclass
class Tug:
    name: str
    position: float  # km along the harbour wall from the entrance
    busy: bool = False


class Harbour:
    """The harbour's tugs and the ships they are working."""

    def __init__(self, tugs: list[Tug]) -> None:
        self.tugs = {t.name: t for t in tugs}
        self.jobs: dict[str, str] = {}  # ship -> tug

    def free(self) -> list[Tug]:
        return [t for t in self.tugs.values() if not t.busy]

    def nearest(self, berth_km: float) -> Tug:
        """The free tug closest to the berth, on either side of it."""
        free = self.free()
        if not free:
            raise NoTugFree(f"no tug for the berth at {berth_km} km")
        return min(free, key=lambda t: t.position - berth_km)

    def send(self, ship: str, berth_km: float) -> str:
        """Send the nearest free tug to ``ship``; the tug moves to the berth."""
        tug = self.nearest(berth_km)
        tug.busy = True
        tug.position = berth_km
        self.jobs[ship] = tug.name
        return tug.name

    def release(self, ship: str) -> None:
        """The ship is moored: its tug is free again where it stands."""
        self.tugs[self.jobs.pop(ship)].busy = False

    def board(self) -> list[str]:
        """The harbour master's board: each tug, where it is and whether it is working."""
        return [
            f"{t.name} {t.position:.1f} km {'busy' if t.busy else 'free'}"
            for t in sorted(self.tugs.values(), key=lambda t: t.name)
        ]
