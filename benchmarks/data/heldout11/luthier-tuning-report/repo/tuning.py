"""A luthier's tuning check: how far each string of an instrument is from its target pitch."""

from __future__ import annotations

import math
from dataclasses import dataclass

TOLERANCE_CENTS = 5.0  # a string within this many cents of its target counts as in tune


def cents(measured_hz: float, target_hz: float) -> float:
    """Signed distance in cents from target to measured (negative: flat, positive: sharp)."""
    return 1200 * math.log2(measured_hz / target_hz)


@dataclass
class Reading:
    """One string's target and measured frequency (Hz)."""

    string: str
    target_hz: float
    measured_hz: float

    @property
    def offset(self) -> float:
        """Signed offset in cents, one decimal."""
        return round(cents(self.measured_hz, self.target_hz), 1)


class TuningCheck:
    """The readings of one instrument, string by string."""

    def __init__(self, instrument: str) -> None:
        self.instrument = instrument
        self.readings: list[Reading] = []

    def add(self, string: str, target_hz: float, measured_hz: float) -> None:
        """Record one string's reading."""
        self.readings.append(Reading(string, target_hz, measured_hz))

    def report(self) -> list[dict]:
        """One row per string: its offset, how far off it is (cents, >= 0) and the direction."""
        return [
            {
                "string": r.string,
                "offset": r.offset,
                "off_by": r.offset,
                "direction": "flat" if r.offset < 0 else "sharp" if r.offset > 0 else "true",
            }
            for r in self.readings
        ]

    def out_of_tune(self) -> list[str]:
        """Strings further off than the tolerance, worst first."""
        rows = [row for row in self.report() if row["off_by"] > TOLERANCE_CENTS]
        rows.sort(key=lambda row: -row["off_by"])
        return [row["string"] for row in rows]
