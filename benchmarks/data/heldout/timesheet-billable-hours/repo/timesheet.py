"""Turn timesheet entries into billable hours and an invoice total."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Entry:
    project: str
    start: int  # seconds since midnight
    end: int


def duration_label(seconds):
    """``"2h05"`` for 7500 seconds."""
    minutes = seconds // 60
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}"


def check(entries):
    """ValueError when an entry ends before it starts or two entries overlap."""
    ordered = sorted(entries, key=lambda e: e.start)
    for e in ordered:
        if e.end <= e.start:
            raise ValueError(f"entry {e} ends before it starts")
    for a, b in zip(ordered, ordered[1:]):
        if b.start < a.end:
            raise ValueError(f"entries {a} and {b} overlap")


def billable_hours(entries, project):
    """Hours spent on ``project``, rounded up to the quarter hour."""
    check(entries)
    seconds = sum(e.end - e.start for e in entries if e.project == project)
    quarters = -(-seconds // 900)
    return quarters * 900 / 60


def invoice(entries, rates):
    """``{project: amount}`` at ``rates[project]`` per hour."""
    return {p: round(billable_hours(entries, p) * r, 2) for p, r in rates.items()}
