"""Bobsleigh: run times from the split intervals that the timing beams send."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass


@dataclass(frozen=True)
class Split:
    sled: str
    seconds: float  # time since the previous beam
    finish: bool = False  # the last beam of the run

    @staticmethod
    def parse(line: str) -> Split:
        """'SUI1 4.82' for a split, 'SUI1 48.33 F' for the finish beam."""
        parts = line.split()
        if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] != "F"):
            raise ValueError(f"bad split line {line!r}")
        return Split(parts[0], float(parts[1]), len(parts) == 3)


class Heat:
    """The splits of a heat, run after run."""

    def __init__(self, splits: list[Split]) -> None:
        self.splits = splits

    def run_times(self) -> Iterator[tuple[str, float]]:
        """(sled, run time) per run, in the order the runs finished."""
        total = 0.0
        for split in self.splits:
            total += split.seconds
            if split.finish:
                yield split.sled, round(total, 2)

    def results(self) -> list[tuple[str, float]]:
        """Fastest run first."""
        return sorted(self.run_times(), key=lambda r: r[1])

    def gaps(self) -> dict[str, float]:
        """Each sled's time behind the fastest run."""
        ranked = self.results()
        if not ranked:
            return {}
        best = ranked[0][1]
        return {sled: round(t - best, 2) for sled, t in ranked}
