"""Origami pattern library: the folders searched for crease patterns, as an environment variable."""

from __future__ import annotations

import os
from pathlib import Path

ENV = "ORIGAMI_PATTERNS"


class PatternPath:
    """An ordered list of folders, kept like PATH: the first folder holding a pattern wins."""

    def __init__(self, folders: list[str] | None = None) -> None:
        self.folders: list[str] = []
        for folder in folders or []:
            self.add(folder)

    def add(self, folder: str) -> None:
        """Append ``folder`` unless it is empty or already listed."""
        if folder and folder not in self.folders:
            self.folders.append(folder)

    @classmethod
    def from_env(cls, environ: dict[str, str]) -> PatternPath:
        return cls(environ.get(ENV, "").split(os.pathsep))

    def to_env(self) -> dict[str, str]:
        """The variable to hand to the folding simulator's process."""
        return {ENV: ":".join(self.folders)}

    def find(self, name: str) -> Path | None:
        """The first ``name.cp`` crease pattern in the folders, or None."""
        for folder in self.folders:
            path = Path(folder) / f"{name}.cp"
            if path.is_file():
                return path
        return None

    def catalogue(self) -> list[str]:
        """Every pattern name found, each once, by name."""
        names = set()
        for folder in self.folders:
            if Path(folder).is_dir():
                names.update(p.stem for p in Path(folder).glob("*.cp"))
        return sorted(names)
