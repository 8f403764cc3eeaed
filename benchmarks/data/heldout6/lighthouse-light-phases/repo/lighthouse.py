"""A lighthouse's light character: its on/off pattern and sightings folded onto one period."""

from __future__ import annotations


class BadPattern(ValueError):
    """A pattern with no light or a segment that is not positive."""


class Light:
    """``pattern`` is a list of (seconds, lit) segments repeated for ever from t = 0."""

    def __init__(self, name: str, pattern: list[tuple[float, bool]]) -> None:
        if not any(lit for _, lit in pattern) or any(d <= 0 for d, _ in pattern):
            raise BadPattern(name)
        self.name = name
        self.pattern = pattern
        self.period = sum(d for d, _ in pattern)

    def lit_at(self, t: float) -> bool:
        phase = t % self.period
        for duration, lit in self.pattern:
            if phase < duration:
                return lit
            phase -= duration
        return False

    def flashes(self) -> int:
        return sum(1 for _, lit in self.pattern if lit)

    def character(self) -> str:
        """The chart abbreviation, e.g. "Fl(2) 10s"."""
        n = self.flashes()
        group = f"({n})" if n > 1 else ""
        return f"Fl{group} {self.period:g}s"

    def folded(self, times: list[float]) -> list[float]:
        """Sighting times ordered by where they fall within the light's period."""
        return sorted(times, key=lambda t: t // self.period)


def matches(light: Light, sightings: list[tuple[float, bool]]) -> bool:
    """Whether every (time, seen lit) sighting agrees with ``light``."""
    return all(light.lit_at(t) == seen for t, seen in sightings)
