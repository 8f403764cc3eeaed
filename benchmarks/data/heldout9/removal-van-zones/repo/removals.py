"""Removal company: quotes by postcode zone, the slow zone lookups cached per postcode."""

from collections.abc import Callable
from dataclasses import dataclass

ZONE_RATES = {"A": 1.0, "B": 1.25, "C": 1.6}
PER_ROOM = 180.0
PIANO = 250.0


def normalise(postcode: str) -> str:
    """"sw1a 1aa" -> "SW1A1AA"."""
    return postcode.replace(" ", "").upper()


class ZoneBook:
    """Postcode -> zone, asking ``lookup`` (by outward code) once per postcode."""

    def __init__(self, lookup: Callable[[str], str]) -> None:
        self._lookup = lookup
        self._zones: dict[str, str] = {}
        self.lookups = 0

    def zone(self, postcode: str) -> str:
        key = normalise(postcode)
        if key in self._zones:
            return self._zones[key]
        zone = self._lookup(key[:-3])
        self.lookups += 1
        if zone not in ZONE_RATES:
            raise ValueError(f"no zone for {postcode!r}")
        return zone


@dataclass
class Move:
    origin: str
    destination: str
    rooms: int
    piano: bool = False


def quote(move: Move, zones: ZoneBook) -> float:
    """The price of a move: per room, at the dearer of the two zones' rates."""
    rate = max(ZONE_RATES[zones.zone(move.origin)], ZONE_RATES[zones.zone(move.destination)])
    price = move.rooms * PER_ROOM * rate
    if move.piano:
        price += PIANO
    return round(price, 2)


def quote_all(moves: list[Move], zones: ZoneBook) -> list[float]:
    return [quote(m, zones) for m in moves]
