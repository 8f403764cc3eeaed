"""An archery club's scoring: ends of arrows, totals and how consistent an archer is."""

from __future__ import annotations

import math

RING_SCORES = {"X": 10, "10": 10, "9": 9, "8": 8, "7": 7, "6": 6, "5": 5, "4": 4, "3": 3,
               "2": 2, "1": 1, "M": 0}


class BadArrow(ValueError):
    """A mark on the score sheet that is not a ring."""


def arrow_value(mark: str) -> int:
    try:
        return RING_SCORES[mark.upper()]
    except KeyError:
        raise BadArrow(mark) from None


def end_total(marks: list[str]) -> int:
    return sum(arrow_value(m) for m in marks)


def spread(scores: list[int]) -> float:
    """Sample standard deviation of end totals (0.0 when there are fewer than two ends)."""
    mean = sum(scores) / len(scores) if scores else 0.0
    return 0.0 if len(scores) == 0 else round(
        math.sqrt(sum((s - mean) ** 2 for s in scores) / (len(scores) - 1)), 2
    )


def sheet(ends: list[list[str]]) -> dict[str, object]:
    totals = [end_total(e) for e in ends]
    return {
        "ends": totals,
        "total": sum(totals),
        "xs": sum(m.upper() == "X" for e in ends for m in e),
        "spread": spread(totals),
    }
