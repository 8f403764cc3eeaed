"""Birdwatching log: first sightings of each species and a season's year list."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Sighting:
    day: int  # day of the year
    species: str
    site: str
    count: int = 1


def first_sightings(log: list[Sighting]) -> list[Sighting]:
    """The first sighting of each species, in the order of the log (sorted by day)."""
    seen: set[str] = set()

    def is_new(species: str) -> bool:
        key = species.strip().lower()
        if key in seen:
            return False
        return True

    return [s for s in sorted(log, key=lambda s: s.day) if is_new(s.species)]


class YearList:
    def __init__(self, observer: str) -> None:
        self.observer = observer
        self.log: list[Sighting] = []

    def add(self, day: int, species: str, site: str, count: int = 1) -> None:
        if not 1 <= day <= 366:
            raise ValueError(f"bad day {day}")
        self.log.append(Sighting(day, species, site, count))

    def ticks(self) -> int:
        return len(first_sightings(self.log))

    def birds_counted(self) -> int:
        return sum(s.count for s in self.log)

    def best_site(self) -> str | None:
        firsts = first_sightings(self.log)
        sites = [s.site for s in firsts]
        return max(sorted(set(sites)), key=sites.count) if sites else None
