"""Caravan rally: vehicles passing a checkpoint, grouped into convoys by time gap."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Passage:
    plate: str
    second: int  # seconds since the checkpoint opened


class Checkpoint:
    def __init__(self, max_gap_s: int = 60) -> None:
        self.max_gap_s = max_gap_s
        self.passages: list[Passage] = []

    def log(self, plate: str, second: int) -> None:
        self.passages.append(Passage(plate, second))

    def convoys(self) -> list[list[str]]:
        """Plates in convoys: a gap over ``max_gap_s`` seconds starts a new convoy."""
        groups: list[list[str]] = []
        current: list[str] = []
        last = None
        for p in sorted(self.passages, key=lambda p: p.second):
            if last is not None and p.second - last > self.max_gap_s:
                groups.append(current)
                current = []
            current.append(p.plate)
            last = p.second
        return groups

    def largest(self) -> int:
        return max((len(g) for g in self.convoys()), default=0)


def marshal_sheet(cp: Checkpoint) -> list[str]:
    return [f"convoy {i}: {', '.join(g)}" for i, g in enumerate(cp.convoys(), start=1)]


def stragglers(cp: Checkpoint) -> list[str]:
    """Vehicles that travelled alone."""
    return [g[0] for g in cp.convoys() if len(g) == 1]
