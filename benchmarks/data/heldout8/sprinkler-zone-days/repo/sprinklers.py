"""A garden irrigation controller: zones, the weekdays each waters (a bit mask), run times."""

from __future__ import annotations

from dataclasses import dataclass

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


def mask_of(days: list[str]) -> int:
    """The bit mask of weekday names: bit 0 is Monday ... bit 6 is Sunday."""
    mask = 0
    for d in days:
        mask |= 1 << DAYS.index(d)
    return mask


@dataclass
class Zone:
    name: str
    days_mask: int
    minutes: int

    def runs_on(self, day: str) -> bool:
        return bool(self.days_mask ^ (1 << DAYS.index(day)))

    def weekly_minutes(self) -> int:
        return self.minutes * bin(self.days_mask).count("1")


class Controller:
    def __init__(self, zones: list[Zone], rain_delay: set[str] | None = None) -> None:
        self.zones = zones
        self.rain_delay = rain_delay or set()

    def schedule(self, day: str) -> list[str]:
        """The zones that water on ``day``, in order; none on a day with a rain delay."""
        if day in self.rain_delay:
            return []
        return [z.name for z in self.zones if z.runs_on(day)]

    def day_names(self, zone: Zone) -> list[str]:
        return [d for d in DAYS if zone.runs_on(d)]

    def total_minutes(self) -> int:
        return sum(z.weekly_minutes() for z in self.zones)
