"""A sawmill's cut list import: lines "species,length_m,count" from the order desk."""

from __future__ import annotations

from dataclasses import dataclass

SPECIES = {"oak", "ash", "larch", "douglas fir", "spruce"}


@dataclass(frozen=True)
class Cut:
    species: str
    length_m: float
    count: int


class CutList:
    """The cuts of one order, and the lines the desk must check again."""

    def __init__(self) -> None:
        self.cuts: list[Cut] = []
        self.rejected: list[tuple[int, str]] = []  # (line number, line) of lines not understood
        self.errors = 0

    def load(self, text: str) -> None:
        """Read the order's lines; blank lines and lines starting with '#' are skipped."""
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            try:
                self.cuts.append(parse_line(line))
            except ValueError:
                self.errors += 1

    def board_metres(self) -> dict[str, float]:
        """Metres of timber to cut per species."""
        out: dict[str, float] = {}
        for c in self.cuts:
            out[c.species] = round(out.get(c.species, 0.0) + c.length_m * c.count, 2)
        return out

    def query_note(self) -> str:
        """The note back to the order desk, e.g. "check lines 3, 7" ("" when all were read)."""
        if not self.rejected:
            return ""
        return "check lines " + ", ".join(str(n) for n, _ in self.rejected)


def parse_line(line: str) -> Cut:
    """One cut from "species,length_m,count"; ``ValueError`` on anything else."""
    parts = [p.strip().lower() for p in line.split(",")]
    if len(parts) != 3 or parts[0] not in SPECIES:
        raise ValueError(f"cannot read {line!r}")
    length, count = float(parts[1]), int(parts[2])
    if length <= 0 or count <= 0:
        raise ValueError(f"cannot read {line!r}")
    return Cut(parts[0], length, count)
