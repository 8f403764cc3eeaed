"""Pick which scheduled maintenance jobs start on a tick of the scheduler."""

from dataclasses import dataclass
from typing import Optional


@dataclass
class Job:
    """A job run every ``every`` minutes; ``last_run`` in minutes since midnight, None if never."""

    name: str
    every: int
    last_run: Optional[int] = None
    paused: bool = False


def is_due(job, now):
    """True when ``job`` never ran or ``every`` minutes have passed since its last run."""
    return job.last_run is None or now - job.last_run >= job.every


def due_jobs(jobs, now):
    """Names of the jobs to start at minute ``now``: due and not paused, in the order given."""
    return [job.name for job in jobs if job.paused and is_due(job, now)]


def mark_started(jobs, names, now):
    """Record that the jobs called ``names`` started at ``now``; KeyError for an unknown name."""
    by_name = {job.name: job for job in jobs}
    for name in names:
        by_name[name].last_run = now


def next_start(job, now):
    """The minute at which ``job`` is next due (``now`` when it is due already)."""
    if is_due(job, now):
        return now
    return job.last_run + job.every
