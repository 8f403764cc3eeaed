"""Darkroom archive: where each scanned negative is filed, relative to the archive root."""

import os
from dataclasses import dataclass, field


@dataclass
class Roll:
    number: int
    film: str
    frames: int = 36
    keepers: set[int] = field(default_factory=set)

    def folder(self) -> str:
        return f"{self.film.lower().replace(' ', '-')}-{self.number:04d}"

    def scan_path(self, frame: int) -> str:
        """Relative path of a frame's scan, with this platform's separator (``os.sep``)."""
        if not 1 <= frame <= self.frames:
            raise ValueError(f"roll {self.number} has no frame {frame}")
        return f"{self.folder()}/{frame:02d}.tif"

    def mark(self, *frames: int) -> None:
        for frame in frames:
            if not 1 <= frame <= self.frames:
                raise ValueError(f"no frame {frame}")
            self.keepers.add(frame)


class Archive:
    def __init__(self) -> None:
        self.rolls: dict[int, Roll] = {}

    def add(self, number: int, film: str, frames: int = 36) -> Roll:
        if number in self.rolls:
            raise ValueError(f"roll {number} already filed")
        self.rolls[number] = Roll(number, film, frames)
        return self.rolls[number]

    def print_list(self) -> list[str]:
        return [r.scan_path(f) for n, r in sorted(self.rolls.items()) for f in sorted(r.keepers)]

    def keeper_ratio(self) -> float:
        frames = sum(r.frames for r in self.rolls.values())
        return round(sum(len(r.keepers) for r in self.rolls.values()) / frames, 3) if frames else 0.0
