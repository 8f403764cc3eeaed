"""Split times of a school relay race, from the clock times at each baton change."""

from __future__ import annotations


class BadStamp(ValueError):
    """A clock time that is not "m:ss"."""


def _seconds(stamp: str) -> int:
    try:
        minutes, seconds = stamp.split(":")
        if len(seconds) != 2 or int(seconds) > 59:
            raise ValueError(stamp)
        return int(minutes) * 60 + int(seconds)
    except ValueError:
        raise BadStamp(stamp) from None


def _elapsed(start: str, end: str) -> int:
    """Seconds from ``start`` to ``end`` (negative when ``end`` is earlier)."""
    return _seconds(end) - _seconds(start)


def fmt(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


class Team:
    def __init__(self, name: str, runners: list[str], stamps: list[str]) -> None:
        """``stamps``: the start time, then the time at which each runner handed over."""
        if len(stamps) != len(runners) + 1:
            raise ValueError("one stamp per runner plus the start")
        self.name = name
        self.runners = runners
        self.stamps = stamps

    def splits(self) -> list[int]:
        """Each runner's leg in seconds, in running order."""
        return [_elapsed(b, a) for a, b in zip(self.stamps, self.stamps[1:])]

    def total(self) -> int:
        return _elapsed(self.stamps[0], self.stamps[-1])

    def fastest(self) -> str:
        legs = self.splits()
        return self.runners[legs.index(min(legs))]

    def card(self) -> list[str]:
        return [f"{r:<8}{fmt(s)}" for r, s in zip(self.runners, self.splits())]
