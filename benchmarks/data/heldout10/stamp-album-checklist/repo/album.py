"""A stamp collectors' club album: copies held, swaps and the printed checklist."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Stamp:
    country: str
    year: int
    number: str  # the catalogue's number, e.g. "112a"

    @property
    def catalogue_id(self) -> str:
        """First two letters of the country, the year and the number, e.g. "MA-1847-2"."""
        return self.country[:2].upper() + "-" + self.year + "-" + self.number


@dataclass
class Album:
    """Copies of each stamp a member holds, mint and used."""

    owner: str
    copies: dict[Stamp, dict[str, int]] = field(default_factory=dict)

    def add(self, stamp: Stamp, used: bool = False) -> int:
        """Add one copy; return how many copies of the stamp the album now holds."""
        counts = self.copies.setdefault(stamp, {"mint": 0, "used": 0})
        counts["used" if used else "mint"] += 1
        return counts["mint"] + counts["used"]

    def swap_out(self, stamp: Stamp, used: bool = False) -> None:
        """Give one copy away; raises ValueError when the album has none in that state."""
        state = "used" if used else "mint"
        counts = self.copies.get(stamp, {"mint": 0, "used": 0})
        if counts[state] == 0:
            raise ValueError(f"no {state} copy to swap")
        counts[state] -= 1

    def duplicates(self) -> list[Stamp]:
        """Stamps held more than once, oldest first."""
        twice = [s for s, c in self.copies.items() if c["mint"] + c["used"] > 1]
        return sorted(twice, key=lambda s: (s.year, s.country, s.number))

    def checklist(self) -> list[str]:
        """The printed checklist: id, then mint and used copies, sorted by id."""
        rows = [f"{s.catalogue_id} m{c['mint']} u{c['used']}" for s, c in self.copies.items()]
        return sorted(rows)

    def by_decade(self) -> dict[int, int]:
        """Different stamps held per decade."""
        out: dict[int, int] = {}
        for s in self.copies:
            out[s.year // 10 * 10] = out.get(s.year // 10 * 10, 0) + 1
        return out
