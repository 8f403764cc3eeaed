"""A mountain rescue team's call-out log: hours on the hill per member and call-outs per month."""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass


def minutes_between(start: str, end: str, *, overnight: bool = False) -> int:
    """Minutes from ``start`` to ``end`` ("HH:MM").

    An end before the start is an error (``ValueError``) unless ``overnight`` is true: then the
    end is on the next day.
    """
    sh, sm = map(int, start.split(":"))
    eh, em = map(int, end.split(":"))
    minutes = (eh * 60 + em) - (sh * 60 + sm)
    if minutes < 0:
        if not overnight:
            raise ValueError(f"{end} is before {start}")
        minutes += 24 * 60
    return minutes


@dataclass(frozen=True)
class Callout:
    month: str  # "2026-11"
    paged: str  # "HH:MM"
    stood_down: str  # "HH:MM"; a search that starts in the evening often ends after midnight
    members: tuple[str, ...]


class Log:
    """All call-outs of the team."""

    def __init__(self, callouts: list[Callout]) -> None:
        self.callouts = callouts

    def hours(self, c: Callout) -> float:
        """The length of one call-out in hours, two decimals."""
        return round(minutes_between(c.paged, c.stood_down) / 60, 2)

    def member_hours(self) -> dict[str, float]:
        """Hours on call-outs per member, by name."""
        out: dict[str, float] = defaultdict(float)
        for c in self.callouts:
            for m in c.members:
                out[m] += self.hours(c)
        return {m: round(h, 2) for m, h in sorted(out.items())}

    def per_month(self) -> dict[str, int]:
        """Call-outs per month."""
        return dict(sorted(Counter(c.month for c in self.callouts).items()))


def training_minutes(start: str, end: str) -> int:
    """A training evening's length; training always ends before midnight."""
    return minutes_between(start, end)
