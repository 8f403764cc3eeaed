"""Bike-share docking station: bikes in, bikes out, and the free-slot count riders see."""

from dataclasses import dataclass, field


class DockFull(Exception):
    pass


@dataclass
class Station:
    name: str
    slots: int
    bikes: list[str] = field(default_factory=list)
    available: int = 0  # bikes a rider can take, shown on the station's screen
    rentals: int = 0

    def dock(self, bike: str) -> None:
        if len(self.bikes) >= self.slots:
            raise DockFull(self.name)
        self.bikes.append(bike)
        self.available += 1

    def undock(self, count: int) -> list[str]:
        """Release ``count`` bikes, newest first; fewer when the station runs out."""
        taken = []
        for _ in range(min(count, len(self.bikes))):
            taken.append(self.bikes.pop())
            self.rentals += 1
        return taken

    def free_slots(self) -> int:
        return self.slots - len(self.bikes)


def rebalance(src: Station, dst: Station) -> int:
    """Move bikes from ``src`` to ``dst`` until ``dst`` is half full; return how many."""
    want = dst.slots // 2 - len(dst.bikes)
    moved = 0
    for bike in src.undock(max(0, min(want, dst.free_slots()))):
        dst.dock(bike)
        moved += 1
    return moved


def screen(station: Station) -> str:
    return f"{station.name}: {station.available} bikes, {station.free_slots()} free"
