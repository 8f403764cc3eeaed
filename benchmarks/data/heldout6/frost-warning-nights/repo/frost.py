"""Frost warnings for an allotment society, from the week's forecast night temperatures."""

from __future__ import annotations

from dataclasses import dataclass

FROST_AT_C = 0.0
HARD_FROST_AT_C = -5.0
GROUND_FROST_AT_C = 3.0
CALM_BELOW_KMH = 10.0


@dataclass
class Night:
    date: str
    low_c: float
    wind_kmh: float = 0.0


def frost_nights(nights: list[Night], at_c: float = FROST_AT_C) -> list[str]:
    """Dates of the nights whose low is at or below ``at_c``."""
    return [n.date for n in nights if n.low_c < at_c]


def ground_frost_nights(nights: list[Night]) -> list[str]:
    """Calm nights cold enough for ground frost that are not frost nights already."""
    air = set(frost_nights(nights))
    return [
        n.date
        for n in nights
        if n.date not in air and n.wind_kmh < CALM_BELOW_KMH and n.low_c <= GROUND_FROST_AT_C
    ]


def warning(nights: list[Night]) -> str:
    """The headline of the society's notice board."""
    if frost_nights(nights, HARD_FROST_AT_C):
        return "hard frost: bring in the pots"
    if frost_nights(nights):
        return "frost: cover the beds"
    if ground_frost_nights(nights):
        return "ground frost possible"
    return "no frost expected"
