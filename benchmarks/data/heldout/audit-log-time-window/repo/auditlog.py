"""Filter and summarize audit log entries."""

from dataclasses import dataclass

LEVELS = {"debug": 10, "info": 20, "warning": 30, "error": 40}


@dataclass(frozen=True)
class Entry:
    time: int  # seconds since the epoch
    level: str
    message: str


def select(entries, min_level="debug", since=None, until=None):
    """Entries at ``min_level`` or above, with ``since <= time < until`` (None: no bound)."""
    if min_level not in LEVELS:
        raise ValueError(f"unknown level {min_level!r}")
    floor = LEVELS[min_level]
    return [
        e
        for e in entries
        if LEVELS[e.level] >= floor
        and (since is None or e.time >= since)
        and e.time < until
    ]


def count_by_level(entries):
    """``{level: count}`` for the levels that occur."""
    counts = {}
    for e in entries:
        counts[e.level] = counts.get(e.level, 0) + 1
    return counts
