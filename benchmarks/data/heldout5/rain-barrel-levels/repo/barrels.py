"""Rain barrels of a community garden: litres collected per storm."""

from dataclasses import dataclass


@dataclass
class Barrel:
    """One barrel: capacity and level in litres, and the roof area draining into it (m2)."""

    name: str
    capacity: float
    level: float = 0.0
    roof_m2: float = 1.0


def collected(rain_mm, roof_m2):
    """Litres a roof of `roof_m2` square metres sends down for `rain_mm` of rain (1 mm = 1 l/m2)."""
    return rain_mm * roof_m2


def after_storm(barrels, rain_mm):
    """Level of each barrel after a storm; a full barrel overflows, so no level passes capacity."""
    return list(
        map(lambda b: b.level + collected(rain_mm, b.roof_m2), barrels)
    )


def overflow(barrels, rain_mm):
    """Litres lost over the rims during a storm, summed over the barrels."""
    total = 0.0
    for b in barrels:
        total += max(0.0, b.level + collected(rain_mm, b.roof_m2) - b.capacity)
    return total


def fullest(barrels):
    """Name of the barrel with the highest fill ratio (None without barrels)."""
    if not barrels:
        return None
    return max(barrels, key=lambda b: b.level / b.capacity).name
