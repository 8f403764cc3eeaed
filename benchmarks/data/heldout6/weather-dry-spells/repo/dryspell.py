"""Dry spells in a weather station's daily rain log (a CSV file: date,millimetres)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

DRY_BELOW_MM = 0.2


@dataclass
class Spells:
    longest: int
    ended_on: str | None
    wet_days: int
    days: int


class BadLine(ValueError):
    """A log line that is not ``date,mm``."""


def parse(line: str) -> tuple[str, float]:
    try:
        date, mm = line.strip().split(",")
        return date, float(mm)
    except ValueError:
        raise BadLine(line.strip()) from None


def dry_spells(path: Path, dry_below_mm: float = DRY_BELOW_MM) -> Spells:
    """The longest run of consecutive dry days (rain below ``dry_below_mm``) and its last day."""
    longest, run, wet_days, days = 0, 0, 0, 0
    ended_on = None
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            if not line.strip() or line.startswith("#"):
                continue
            date, mm = parse(line)
            days += 1
            if mm >= dry_below_mm:
                wet_days += 1
                continue
            run += 1
            if run > longest:
                longest, ended_on = run, date
    return Spells(longest, ended_on, wet_days, days)


def drought_warning(spells: Spells, days: int = 14) -> bool:
    return spells.longest >= days
