"""Dive centre planner: dives must stay within the diver's certification depth."""

from dataclasses import dataclass

CERT_DEPTH_M = {"open-water": 18, "advanced": 30, "deep": 40}


class BeyondCertification(Exception):
    """The planned depth is deeper than the diver is certified for."""


@dataclass
class Diver:
    name: str
    cert: str

    @property
    def max_depth(self) -> int:
        return CERT_DEPTH_M[self.cert]


@dataclass
class Dive:
    site: str
    depth_m: float
    minutes: int


class Planner:
    def __init__(self) -> None:
        self.plan: list[tuple[Diver, Dive]] = []

    def add(self, diver: Diver, dive: Dive) -> None:
        if dive.minutes <= 0:
            raise ValueError("dive time must be positive")
        self.plan.append((diver, dive))

    def air_bars(self, dive: Dive, sac_l_min: float = 20.0, tank_l: float = 12.0) -> int:
        """Gas for the dive in bar of a ``tank_l`` tank, at the dive's ambient pressure."""
        ambient = 1 + dive.depth_m / 10
        return round(sac_l_min * ambient * dive.minutes / tank_l)

    def divers_at(self, site: str) -> list[str]:
        return sorted({d.name for d, dv in self.plan if dv.site == site})


def deepest(planner: Planner) -> float:
    return max((dv.depth_m for _, dv in planner.plan), default=0.0)
