"""Quality inspection of machined parts against a nominal size and a tolerance."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Spec:
    """A dimension's nominal size and symmetric tolerance, in millimetres."""

    nominal: float
    tolerance: float

    def __post_init__(self):
        if self.tolerance < 0:
            raise ValueError("tolerance cannot be negative")


def deviation(measured, spec):
    """Signed difference measured - nominal, rounded to micrometres."""
    return round(measured - spec.nominal, 3)


def within(measured, spec):
    """True when ``measured`` lies within the tolerance on either side of nominal."""
    return deviation(measured, spec) <= spec.tolerance


def inspect_batch(measurements, spec):
    """Split a batch into (accepted, rejected) lists of (part id, measured)."""
    accepted, rejected = [], []
    for part_id, measured in measurements:
        (accepted if within(measured, spec) else rejected).append((part_id, measured))
    return accepted, rejected


def yield_percent(measurements, spec):
    """Share of parts accepted, in percent with one decimal; 0.0 for an empty batch."""
    if not measurements:
        return 0.0
    accepted, _ = inspect_batch(measurements, spec)
    return round(100 * len(accepted) / len(measurements), 1)
