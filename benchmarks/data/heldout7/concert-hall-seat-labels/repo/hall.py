"""Concert hall box office: seat labels like ``C12`` (row letter from A, seat number)."""

from dataclasses import dataclass, field

label = lambda row, seat: f"{chr(ord('A') + row)}{seat}"  # noqa: E731  rows count from 1


@dataclass
class Section:
    name: str
    rows: int
    seats_per_row: int
    sold: set[str] = field(default_factory=set)

    def all_labels(self) -> list[str]:
        return [label(r, s) for r in range(1, self.rows + 1)
                for s in range(1, self.seats_per_row + 1)]

    def sell(self, row: int, seat: int) -> str:
        if not (1 <= row <= self.rows and 1 <= seat <= self.seats_per_row):
            raise ValueError(f"no seat {row}/{seat} in {self.name}")
        code = label(row, seat)
        if code in self.sold:
            raise ValueError(f"{code} already sold")
        self.sold.add(code)
        return code

    def available(self) -> int:
        """Seats not yet sold in this section."""
        return self.rows * self.seats_per_row - len(self.sold)


def best_pair(section: Section) -> tuple[str, str] | None:
    """Two adjacent free seats, front rows first."""
    for r in range(1, section.rows + 1):
        for s in range(1, section.seats_per_row):
            a, b = label(r, s), label(r, s + 1)
            if a not in section.sold and b not in section.sold:
                return a, b
    return None
