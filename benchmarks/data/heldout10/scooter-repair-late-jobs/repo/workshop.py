"""An e-scooter repair shop: jobs booked in, their promised dates, the late ones, the bills."""

from dataclasses import dataclass
from datetime import date, timedelta

LABOUR_EUR_PER_HOUR = 40.0
TURNAROUND_DAYS = {"puncture": 1, "brakes": 2, "battery": 5, "controller": 7}


@dataclass
class Job:
    ticket: int
    customer: str
    fault: str
    promised: date
    hours: float = 0.0
    parts_eur: float = 0.0
    done: bool = False

    def bill(self) -> float:
        """Parts plus labour, in EUR."""
        return round(self.parts_eur + self.hours * LABOUR_EUR_PER_HOUR, 2)


class Workshop:
    """The jobs booked in, by ticket number from 100."""

    def __init__(self):
        self.jobs: dict[int, Job] = {}

    def book(self, customer: str, fault: str, on: date) -> Job:
        """Book a scooter in; it is promised after the fault's turnaround (3 days if unknown)."""
        ticket = 100 + len(self.jobs)
        promised = on + timedelta(days=TURNAROUND_DAYS.get(fault, 3))
        self.jobs[ticket] = Job(ticket, customer, fault, promised)
        return self.jobs[ticket]

    def finish(self, ticket: int, hours: float, parts_eur: float = 0.0) -> float:
        """Mark a job done; return its bill."""
        job = self.jobs[ticket]
        job.hours, job.parts_eur, job.done = hours, parts_eur, True
        return job.bill()

    def late(self, day: date, grace_days: int = 0) -> list[int]:
        """Tickets not done whose promised date is more than `grace_days` days before `day`."""
        deadline = day - timedelta(days=grace_days)
        return sorted(j.ticket for j in self.jobs.values() if not j.done and j.promised < cutoff)
