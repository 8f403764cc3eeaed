"""Beach lifeguards: the flag to fly from wind and wave readings, and the tower's log."""

from dataclasses import dataclass, field

GREEN, YELLOW, RED = "green", "yellow", "red"
ORDER = [GREEN, YELLOW, RED]


@dataclass(frozen=True)
class Reading:
    hour: int
    wind_knots: float
    wave_m: float


def wave_flag(wave_m: float) -> str:
    """Green for waves under 1 m, yellow under 2 m, red from 2 m."""
    if wave_m < 1.0:
        return GREEN
    return YELLOW if wave_m < 2.0 else RED


@dataclass
class Tower:
    """A lifeguard tower's readings; the flag is the worse of the wind's and the waves'."""

    beach: str
    readings: list[Reading] = field(default_factory=list)

    def wind_flag(self, knots: float) -> str:
        """Green below 12 knots, yellow from 12 up to and including 20, red above 20."""
        if knots < 12:
            return GREEN
        elif knots < 20:
            return YELLOW
        return RED

    def record(self, reading: Reading) -> None:
        if self.readings and reading.hour <= self.readings[-1].hour:
            raise ValueError(f"reading of {reading.hour}:00 is out of order")
        self.readings.append(reading)

    def flag(self, reading: Reading) -> str:
        worse = max(ORDER.index(self.wind_flag(reading.wind_knots)), ORDER.index(wave_flag(reading.wave_m)))
        return ORDER[worse]

    def log(self) -> list[str]:
        return [f"{r.hour:02d}:00 {self.flag(r)}" for r in self.readings]

    def red_hours(self) -> list[int]:
        return [r.hour for r in self.readings if self.flag(r) == RED]
