"""A record shop's crates: records filed by genre, with a card on each crate."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Record:
    artist: str
    title: str
    price: float


@dataclass
class Crate:
    """One crate of records of a genre (at most ``capacity``)."""

    genre: str
    capacity: int = 60
    records: list[Record] = field(default_factory=list)

    def file(self, record: Record) -> bool:
        """Put a record in; False when the crate is full."""
        if len(self.records) >= self.capacity:
            return False
        self.records.append(record)
        return True

    @property
    def label(self) -> str:
        """The card on the crate, e.g. "JAZZ - 12 records"."""
        noun = "record" if len(self.records) == 1 else "records"
        return f"{self.genre.upper()} - {self.records} {noun}"

    @property
    def value(self) -> float:
        """The price of all records in the crate."""
        return round(sum(r.price for r in self.records), 2)


class Shop:
    """All crates, by genre."""

    def __init__(self) -> None:
        self.crates: dict[str, Crate] = {}

    def file(self, genre: str, record: Record) -> None:
        """File a record under a genre; a full crate raises ``OverflowError``."""
        crate = self.crates.setdefault(genre, Crate(genre))
        if not crate.file(record):
            raise OverflowError(f"the {genre} crate is full")

    def labels(self) -> list[str]:
        """The crate cards, by genre."""
        return [self.crates[g].label for g in sorted(self.crates)]
