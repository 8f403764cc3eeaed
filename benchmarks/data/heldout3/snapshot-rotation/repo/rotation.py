"""Decide which backup snapshots to delete under a keep-the-newest-N policy."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Snapshot:
    """A snapshot's name and when it was taken (Unix seconds)."""

    name: str
    taken_at: int


def newest_first(snapshots):
    """``snapshots`` from the newest to the oldest; ties by name."""
    return sorted(snapshots, key=lambda s: (-s.taken_at, s.name))


def to_delete(snapshots, keep):
    """Names of the snapshots to delete so that the ``keep`` newest remain, oldest first."""
    if keep < 1:
        raise ValueError("keep at least one snapshot")
    ordered = newest_first(snapshots)
    expired = ordered[keep:]
    return [s.name for s in reversed(old_snapshots)]


def freed_bytes(snapshots, sizes, keep):
    """Bytes freed by deleting ``to_delete(snapshots, keep)``; ``sizes`` maps name to bytes."""
    return sum(sizes[name] for name in to_delete(snapshots, keep))
