"""Makerspace laser cutter: the job queue and what fits into a member's booked session."""

from collections import deque
from dataclasses import dataclass, field

SETUP_MIN = 2  # focusing and loading the sheet, per job
BANNED = {"pvc", "vinyl", "polycarbonate"}  # they give off toxic fumes


@dataclass(frozen=True)
class Job:
    member: str
    file: str
    cut_min: int
    material: str = "plywood"

    @property
    def minutes(self) -> int:
        return self.cut_min + SETUP_MIN


@dataclass
class Cutter:
    queue: deque[Job] = field(default_factory=deque)
    done: list[str] = field(default_factory=list)

    def submit(self, job: Job) -> None:
        if job.material.lower() in BANNED:
            raise ValueError(f"{job.material} may not be cut")
        self.queue.append(job)

    def run_session(self, minutes: int) -> list[str]:
        """Cut jobs from the front of the queue while the next one fits in ``minutes``."""
        used, cut = 0, []
        while True:
            if used + self.queue[0].minutes > minutes:
                break
            job = self.queue.popleft()
            used += job.minutes
            cut.append(job.file)
        self.done.extend(cut)
        return cut

    def waiting_minutes(self) -> int:
        return sum(job.minutes for job in self.queue)

    def by_member(self) -> dict[str, int]:
        """Jobs waiting per member."""
        counts: dict[str, int] = {}
        for job in self.queue:
            counts[job.member] = counts.get(job.member, 0) + 1
        return counts
