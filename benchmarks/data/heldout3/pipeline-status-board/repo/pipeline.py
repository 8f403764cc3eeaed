"""Summaries of CI pipeline jobs for a status page (times in Unix seconds)."""

from dataclasses import dataclass
from typing import Optional


@dataclass
class Job:
    """A pipeline job; ``finished_at`` is None while it is still running."""

    name: str
    started_at: int
    finished_at: Optional[int] = None
    passed: bool = False


def duration_text(job):
    """``"2m 05s"`` for a finished job, ``"running"`` for one still running."""
    minutes, seconds = divmod(job.finished_at - job.started_at, 60)
    return f"{minutes}m {seconds:02d}s"


def status(job):
    """``"running"``, ``"passed"`` or ``"failed"``."""
    if job.finished_at is None:
        return "running"
    return "passed" if job.passed else "failed"


def board(jobs):
    """One line per job, in start order: ``name: status (duration)``."""
    ordered = sorted(jobs, key=lambda job: job.started_at)
    return [f"{job.name}: {status(job)} ({duration_text(job)})" for job in ordered]
