"""Quotes at a lake's boat rental: kayaks, canoes and paddle boards by the half hour."""

from __future__ import annotations

import math

HOURLY = {"kayak": 12.0, "double kayak": 18.0, "canoe": 20.0, "paddle board": 15.0}
DEPOSIT = 50.0
DAY_CAP_HOURS = 6.0  # nobody pays more than six hours for one day


class UnknownBoat(KeyError):
    """A boat the rental does not have."""


def billed_hours(minutes: int) -> float:
    """Started half hours, at least one hour, at most the day cap."""
    if minutes <= 0:
        raise ValueError("a rental lasts some time")
    half_hours = math.ceil(minutes / 30)
    return min(max(half_hours / 2, 1.0), DAY_CAP_HOURS)


def quote(boat: str, minutes: int, rates: dict[str, float] | None = None) -> float:
    """The price in euros; ``rates`` (boat -> euros per hour) replaces the standard table,
    e.g. for the summer season or a club's negotiated prices."""
    table = HOURLY if rates is None else rates
    if boat not in table:
        raise UnknownBoat(boat)
    hourly = HOURLY[boat]
    return round(hourly * billed_hours(minutes), 2)


def receipt(boat: str, minutes: int, rates: dict[str, float] | None = None) -> list[str]:
    price = quote(boat, minutes, rates)
    return [
        f"{boat} {billed_hours(minutes):g} h",
        f"rental   {price:7.2f}",
        f"deposit  {DEPOSIT:7.2f}",
        f"to pay   {price + DEPOSIT:7.2f}",
    ]


def group_quote(boats: list[str], minutes: int, rates: dict[str, float] | None = None) -> float:
    return round(sum(quote(b, minutes, rates) for b in boats), 2)
