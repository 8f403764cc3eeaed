"""UV index forecasts on a seaside town's beach boards: the category and advice per day."""

from __future__ import annotations

from dataclasses import dataclass, field

ADVICE = {
    "low": "No protection needed",
    "moderate": "Hat and sunscreen",
    "high": "Seek shade at midday",
    "very high": "Avoid the sun at midday",
    "extreme": "Stay indoors at midday",
}


def category(uv: float) -> str:
    """The WHO category of a UV index: low below 3, moderate below 6, high below 8, ..."""
    if uv < 0:
        raise ValueError("a UV index is not negative")
    if uv < 3:
        return "low"
    elif uv <= 6:
        return "moderate"
    elif uv < 8:
        return "high"
    elif uv < 11:
        return "very high"
    return "extreme"


@dataclass
class Forecast:
    place: str
    hourly: dict[int, float] = field(default_factory=dict)  # hour of day -> UV index

    def peak(self) -> tuple[int, float]:
        hour = max(self.hourly, key=lambda h: (self.hourly[h], -h))
        return hour, self.hourly[hour]

    def board(self) -> str:
        hour, uv = self.peak()
        cat = category(uv)
        return f"{self.place}: UV {uv:g} at {hour}:00, {cat}. {ADVICE[cat]}"

    def protected_hours(self) -> list[int]:
        """The hours at which protection is advised (moderate or above)."""
        return sorted(h for h, uv in self.hourly.items() if category(uv) != "low")
