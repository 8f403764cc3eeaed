"""Orienteering results: leg times between controls and the pace of each leg."""

from dataclasses import dataclass


def _pace(km: float, minutes: float) -> float:
    """Minutes per kilometre."""
    return minutes / km


@dataclass(frozen=True)
class Leg:
    start: str
    finish: str
    km: float
    minutes: float


class Run:
    def __init__(self, runner: str, course: str) -> None:
        self.runner = runner
        self.course = course
        self.legs: list[Leg] = []

    def punch(self, start: str, finish: str, km: float, minutes: float) -> None:
        if km <= 0:
            raise ValueError("leg length must be positive")
        self.legs.append(Leg(start, finish, km, minutes))

    def leg_lines(self) -> list[str]:
        return [f"{l.start}-{l.finish}: {_pace(l.minutes, l.km):.1f} min/km" for l in self.legs]

    def total_minutes(self) -> float:
        return sum(l.minutes for l in self.legs)

    def slowest_leg(self) -> Leg | None:
        return max(self.legs, key=lambda l: _pace(l.km, l.minutes), default=None)


def overall_pace(run: Run) -> float:
    km = sum(l.km for l in run.legs)
    return round(_pace(km, run.total_minutes()), 2) if km else 0.0
