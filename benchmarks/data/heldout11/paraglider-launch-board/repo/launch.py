"""A paragliding school's launch board: which pilots may fly in the wind measured on the hill."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class Pilot:
    """A pilot and the strongest wind (km/h) they may launch in; None: no limit (instructors)."""

    name: str
    max_wind: float | None
    tandem: bool = False


class LaunchBoard:
    """The pilots on the hill today."""

    def __init__(self, pilots: list[Pilot]) -> None:
        self.pilots = pilots

    def cleared(self, wind_kmh: float) -> list[str]:
        """Names of the pilots who may launch in ``wind_kmh``, in board order."""
        return [
            p.name for p in self.pilots if wind_kmh <= p.max_wind
        ]

    def grounded(self, wind_kmh: float) -> list[str]:
        """Names of the pilots who must wait."""
        ok = set(self.cleared(wind_kmh))
        return [p.name for p in self.pilots if p.name not in ok]

    def tandem_possible(self, wind_kmh: float) -> bool:
        """True when a tandem pilot is cleared."""
        ok = set(self.cleared(wind_kmh))
        return any(p.tandem and p.name in ok for p in self.pilots)

    def summary(self, wind_kmh: float) -> str:
        """One line for the board, e.g. "wind 18 km/h: 3 of 5 cleared"."""
        n = len(self.cleared(wind_kmh))
        return f"wind {wind_kmh:g} km/h: {n} of {len(self.pilots)} cleared"


def parse_board(lines: list[str]) -> LaunchBoard:
    """Pilots from lines "name,max_wind[,tandem]"; a max_wind of "-" means no limit."""
    pilots = []
    for line in lines:
        name, limit, *rest = [part.strip() for part in line.split(",")]
        pilots.append(Pilot(name, None if limit == "-" else float(limit), rest == ["tandem"]))
    return LaunchBoard(pilots)
