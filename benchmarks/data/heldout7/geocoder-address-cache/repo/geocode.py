"""Address geocoding with an in-memory cache in front of a slow lookup service."""

from collections.abc import Callable

Coords = tuple[float, float]


def normalise(address: str) -> str:
    return " ".join(address.lower().replace(",", " ").split())


class Geocoder:
    """Looks addresses up through ``service`` (raises LookupError for unknown ones)."""

    def __init__(self, service: Callable[[str], Coords]) -> None:
        self.service = service
        self.cache: dict[str, Coords] = {}
        self.calls = 0
        self.misses: list[str] = []

    def locate(self, address: str) -> Coords | None:
        key = normalise(address)
        if key in self.cache:
            return self.cache[key]
        self.calls += 1
        try:
            coords = self.service(key)
        except LookupError:
            self.misses.append(key)
            return None
        else:
            return coords

    def locate_all(self, addresses: list[str]) -> dict[str, Coords]:
        found = {}
        for a in addresses:
            coords = self.locate(a)
            if coords is not None:
                found[a] = coords
        return found

    def hit_rate(self, lookups: int) -> float:
        return round(1 - self.calls / lookups, 3) if lookups else 0.0


def bounding_box(points: list[Coords]) -> tuple[Coords, Coords]:
    lats, lons = [p[0] for p in points], [p[1] for p in points]
    return (min(lats), min(lons)), (max(lats), max(lons))
