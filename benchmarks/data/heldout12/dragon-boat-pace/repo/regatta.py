"""Dragon boat regatta: each crew's time and pace per 500 m, for the results board."""

from __future__ import annotations

from dataclasses import dataclass


def _pace(distance_m: float, seconds: float) -> float:
    """Seconds per 500 m over ``distance_m`` metres rowed in ``seconds``."""
    return seconds * 500 / distance_m


def _clock(seconds: float) -> str:
    """'1:58.4': minutes, then seconds to a tenth."""
    minutes, rest = divmod(round(seconds, 1), 60)
    return f"{int(minutes)}:{rest:04.1f}"


@dataclass
class Result:
    crew: str
    lane: int
    distance_m: float
    seconds: float

    def board_line(self) -> str:
        """'3 Red Dragons  1:58.4 (1:58.4/500m)'."""
        return f"{self.lane} {self.crew:<13} {_clock(self.seconds)} ({_clock(_pace(self.seconds, self.distance_m))}/500m)"


class Race:
    """The results of the day's heats; heats may be 200 m, 500 m or 2000 m."""

    def __init__(self) -> None:
        self.results: list[Result] = []

    def add(self, result: Result) -> None:
        if result.seconds <= 0 or result.distance_m <= 0:
            raise ValueError(f"impossible result for {result.crew}")
        if any(r.crew == result.crew and r.distance_m == result.distance_m for r in self.results):
            raise ValueError(f"{result.crew} already has a {result.distance_m:g} m result")
        self.results.append(result)

    def fastest(self) -> str:
        """The crew with the best pace over any distance."""
        return min(self.results, key=lambda r: _pace(r.distance_m, r.seconds)).crew

    def board(self) -> list[str]:
        """The board, quickest time first."""
        return [r.board_line() for r in sorted(self.results, key=lambda r: r.seconds)]
