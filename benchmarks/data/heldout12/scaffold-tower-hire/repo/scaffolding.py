"""Scaffolding hire: each job gets the first tower tall enough and free on its start day."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, timedelta


@dataclass
class Tower:
    name: str
    height_m: float
    free_from: date
    jobs: list[str] = field(default_factory=list)


@dataclass
class Job:
    site: str
    start: date
    days: int
    height_m: float


class Yard:
    """The towers in the yard and the jobs still waiting for one."""

    def __init__(self, towers: list[Tower]) -> None:
        self.towers = towers
        self.waiting: list[str] = []

    def allocate(self, job: Job) -> str | None:
        """Give ``job`` the first tower tall enough and free on its start day.

        Returns the tower's name, or None when no tower fits (the job waits).
        """
        for tower in self.towers:
            if tower.height_m >= job.height_m and tower.free_from <= job.start:
                tower.free_from = job.start + timedelta(days=job.days)
                tower.jobs.append(job.site)
        self.waiting.append(job.site)
        return None

    def allocate_all(self, jobs: list[Job]) -> dict[str, str | None]:
        """Allocate jobs by start day; site -> tower (None: waiting)."""
        return {job.site: self.allocate(job) for job in sorted(jobs, key=lambda j: j.start)}

    def idle(self, day: date) -> list[str]:
        """Towers free on ``day``, by name."""
        return sorted(t.name for t in self.towers if t.free_from <= day)
