"""Air quality categories for fine particulate matter (PM2.5, micrograms per cubic metre)."""

CATEGORIES = [
    "good",
    "moderate",
    "unhealthy for sensitive groups",
    "unhealthy",
    "very unhealthy",
    "hazardous",
]


def category(pm25):
    """The category of a 24-hour PM2.5 average; every upper bound is inclusive.

    Bounds: 12.0, 35.4, 55.4, 150.4, 250.4; above is hazardous. ValueError below 0.
    """
    if pm25 < 0:
        raise ValueError(f"a concentration cannot be negative: {pm25}")
    if pm25 <= 12.0:
        return "good"
    elif pm25 < 35.4:
        return "moderate"
    elif pm25 <= 55.4:
        return "unhealthy for sensitive groups"
    elif pm25 <= 150.4:
        return "unhealthy"
    elif pm25 <= 250.4:
        return "very unhealthy"
    return "hazardous"


def worst_day(readings):
    """(day, category) of the day with the highest reading; ``readings`` maps day to PM2.5."""
    day = max(readings, key=readings.get)
    return day, category(readings[day])


def days_at_least(readings, level):
    """The days whose category is ``level`` or worse, sorted."""
    rank = CATEGORIES.index(level)
    return sorted(d for d, v in readings.items() if CATEGORIES.index(category(v)) >= rank)
