"""A pharmacy's printed dosing schedule for over-the-counter painkillers."""

from __future__ import annotations

MAX_DAILY_MG = {"paracetamol": 4000, "ibuprofen": 1200, "naproxen": 660}
MIN_GAP_HOURS = {"paracetamol": 4, "ibuprofen": 6, "naproxen": 8}


class DosingError(ValueError):
    """A schedule the pharmacist must not print."""


class DoseTooHigh(DosingError):
    """More than the daily maximum within one day of the schedule."""


class DoseTooClose(DosingError):
    """Doses closer together than the drug allows."""


def schedule(drug: str, dose_mg: int, first_hour: int, every_hours: int, doses: int) -> list[str]:
    """The schedule's lines, e.g. ``"day 1 08:00 500 mg"``.

    Day 1 starts at hour 0; ``first_hour`` and the times after it may run into later days.
    Raises DoseTooClose when ``every_hours`` is below the drug's minimum gap, DoseTooHigh as
    soon as a dose would take one calendar day's total over the drug's daily maximum.
    """
    if drug not in MAX_DAILY_MG:
        raise DosingError(f"unknown drug {drug!r}")
    if every_hours < MIN_GAP_HOURS[drug]:
        raise DoseTooClose(f"{drug}: every {every_hours} h")
    limit = MAX_DAILY_MG[drug]
    given: dict[int, int] = {}

    def give(hour: int) -> str:
        day = hour // 24
        given[day] = given.get(day, 0) + dose_mg
        return f"day {day + 1} {hour % 24:02d}:00 {dose_mg} mg"

    return [give(first_hour + i * every_hours) for i in range(doses)]


def daily_totals(lines: list[str]) -> dict[int, int]:
    """mg per day, read back from printed lines."""
    out: dict[int, int] = {}
    for line in lines:
        _, day, _, mg, _ = line.split()
        out[int(day)] = out.get(int(day), 0) + int(mg)
    return out
