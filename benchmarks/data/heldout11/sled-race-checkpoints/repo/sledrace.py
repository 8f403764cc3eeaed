"""A sled dog race: teams checking in and out of the checkpoints along the trail."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


class RaceError(Exception):
    """An event that cannot happen (a team leaving a checkpoint it is not at)."""


@dataclass
class Checkpoint:
    """One checkpoint: how many teams rest there now and who has passed through."""

    name: str
    resting: int = 0
    passed: list[str] = field(default_factory=list)


class Race:
    """The race office's board, fed with check-in and check-out events."""

    def __init__(self, checkpoints: list[str]) -> None:
        self.checkpoints = {name: Checkpoint(name) for name in checkpoints}
        self.where: dict[str, str] = {}  # team -> the checkpoint it rests at
        self.dogs_dropped: Counter[str] = Counter()

    def event(self, kind: str, team: str, checkpoint: str, dropped: int = 0) -> None:
        """Record "in" (a team arrives) or "out" (it leaves, maybe dropping tired dogs)."""
        cp = self.checkpoints[checkpoint]
        if kind == "in":
            cp.resting += 1
            self.where[team] = checkpoint
        elif kind == "out":
            if self.where.get(team) != checkpoint:
                raise RaceError(f"{team} is not at {checkpoint}")
            cp.passed.append(team)
            del self.where[team]
            self.dogs_dropped[team] += dropped
        else:
            raise ValueError(f"unknown event {kind!r}")

    def board(self) -> dict[str, int]:
        """Teams resting at each checkpoint, in trail order."""
        return {name: cp.resting for name, cp in self.checkpoints.items()}

    def busiest(self) -> str:
        """The checkpoint with the most teams resting now (the first on the trail on a tie)."""
        return max(self.checkpoints.values(), key=lambda cp: cp.resting).name

    def leader(self) -> str:
        """The team that has passed the most checkpoints ("" before anyone left one)."""
        counts = Counter(t for cp in self.checkpoints.values() for t in cp.passed)
        return counts.most_common(1)[0][0] if counts else ""
