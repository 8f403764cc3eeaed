"""An exam hall's desks: numbers, places on the seating plan, candidates kept apart."""

import string
from dataclasses import dataclass, field

PER_ROW = 8
ROWS = string.ascii_uppercase


def place(desk: int) -> tuple[int, int]:
    """Row and column, both from 0, of a desk; desks are numbered from 1, row by row."""
    return divmod(desk, PER_ROW)


def label(desk: int) -> str:
    """A desk's label on the seating plan: row letter and seat number from 1, e.g. "B3"."""
    row, col = place(desk)
    return f"{ROWS[row]}{col + 1}"


def neighbours(a: int, b: int) -> bool:
    """True when two desks are side by side or one right behind the other."""
    (ra, ca), (rb, cb) = place(a), place(b)
    return abs(ra - rb) + abs(ca - cb) == 1


@dataclass
class Hall:
    """The desks of one exam session and who sits where."""

    desks: int
    seated: dict[str, int] = field(default_factory=dict)

    def seat(self, candidate: str, desk: int) -> None:
        """Seat a candidate; raises ValueError for a desk out of range or taken."""
        if not 1 <= desk <= self.desks or desk in self.seated.values():
            raise ValueError(f"desk {desk} is not free")
        self.seated[candidate] = desk

    def plan(self) -> list[str]:
        """The seating plan, by desk: label and candidate."""
        return [f"{label(d)} {c}" for c, d in sorted(self.seated.items(), key=lambda cd: cd[1])]

    def too_close(self, same_paper: list[str]) -> list[tuple[str, str]]:
        """Pairs of candidates sitting the same paper at neighbouring desks."""
        names = sorted(n for n in same_paper if n in self.seated)
        return [
            (a, b)
            for i, a in enumerate(names)
            for b in names[i + 1 :]
            if neighbours(self.seated[a], self.seated[b])
        ]
