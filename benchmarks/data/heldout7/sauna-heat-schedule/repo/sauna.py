"""Sauna stove: the warm-up curve and when the cabin is ready."""

from dataclasses import dataclass


@dataclass
class Stove:
    start_c: float
    rate_c_per_min: float
    max_c: float  # the stove's thermostat stops heating here

    def curve(self, minutes: int, step: int = 5) -> list[float]:
        """Cabin temperature every ``step`` minutes from 0 to ``minutes``, inclusive."""
        return [
            round(self.start_c + self.rate_c_per_min * m, 1)
            for m in range(0, minutes + 1, step)
        ]

    def ready_after(self, target_c: float) -> int | None:
        """Minutes until ``target_c`` is reached, None when the thermostat stops below it."""
        if target_c > self.max_c:
            return None
        if target_c <= self.start_c:
            return 0
        return -int(-(target_c - self.start_c) // self.rate_c_per_min)


class Session:
    def __init__(self, stove: Stove, bathers: int) -> None:
        self.stove = stove
        self.bathers = bathers

    def water_ladles(self, minutes: int) -> int:
        """One ladle on the stones per bather every ten minutes once the cabin is hot."""
        hot = [t for t in self.stove.curve(minutes, step=10) if t >= 70.0]
        return len(hot) * self.bathers

    def peak(self, minutes: int) -> float:
        return max(self.stove.curve(minutes))


def describe(stove: Stove) -> str:
    return f"{stove.start_c:.0f} -> {stove.max_c:.0f} C at {stove.rate_c_per_min} C/min"
