"""Start waves of a city marathon: runners grouped by predicted finish time, waves of a size."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Runner:
    bib: int
    name: str
    predicted_min: int


@dataclass
class Wave:
    number: int
    runners: list[Runner]

    @property
    def label(self) -> str:
        fastest = min(r.predicted_min for r in self.runners)
        return f"Wave {self.number} (from {fastest // 60}:{fastest % 60:02d})"

    @classmethod
    def split(cls, runners: list[Runner], size: int, gap_min: int = 20) -> list[Wave]:
        """Fastest first; a wave closes when full or when the next runner is ``gap_min`` slower."""
        waves: list[Wave] = []
        current: list[Runner] = []
        for r in sorted(runners, key=lambda r: (r.predicted_min, r.bib)):
            full = len(current) == size
            if current and (full or r.predicted_min - current[0].predicted_min >= gap_min):
                waves.append(cls(len(waves) + 1, current))
                current = []
            current.append(r)
        return waves


def start_times(waves: list[Wave], first: str = "09:00", every_min: int = 6) -> dict[int, str]:
    """The start time of each runner's wave, by bib."""
    hours, minutes = map(int, first.split(":"))
    out: dict[int, str] = {}
    for i, wave in enumerate(waves):
        total = hours * 60 + minutes + i * every_min
        for r in wave.runners:
            out[r.bib] = f"{total // 60:02d}:{total % 60:02d}"
    return out
