"""Timesheets: tracked intervals per project, billed by the hour."""

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Interval:
    project: str
    start: int  # epoch seconds
    end: int

    def seconds(self):
        return max(0, self.end - self.start)


def tracked_seconds(intervals, project):
    return sum(i.seconds() for i in intervals if i.project == project)


def minutes(intervals, project):
    return tracked_seconds(intervals, project) // 60


def hours(intervals, project):
    """Tracked time of ``project`` in hours, rounded to 2 decimals."""
    return round(tracked_seconds(intervals, project) / 60, 2)


def billable_minutes(intervals, project, increment=15):
    """Tracked minutes rounded up to the next ``increment``."""
    return math.ceil(minutes(intervals, project) / increment) * increment


def invoice_line(intervals, project, rate):
    h = hours(intervals, project)
    return f"{project}: {h:.2f} h x {rate:.2f} = {h * rate:.2f}"
