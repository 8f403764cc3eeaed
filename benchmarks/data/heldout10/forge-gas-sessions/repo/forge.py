"""A blacksmith's gas forge: firing sessions, the gas they burn, the time on each job."""

from dataclasses import dataclass, field
from datetime import datetime

BURNER_KW = 12.0  # what the burner draws at full flame
GAS_EUR_PER_KWH = 0.11


@dataclass(frozen=True)
class Session:
    job: str
    lit: datetime
    out: datetime
    flame: float = 1.0  # fraction of full flame

    @property
    def seconds(self) -> int:
        """How long the forge burnt."""
        return int((self.out - self.lit).total_seconds())

    @property
    def hours(self) -> float:
        """How long the forge burnt, in hours."""
        return self.seconds / 60

    @property
    def kwh(self) -> float:
        """Gas burnt, in kWh."""
        return BURNER_KW * self.flame * self.hours


@dataclass
class ForgeLog:
    """The firing sessions of the workshop."""

    sessions: list[Session] = field(default_factory=list)

    def fire(self, job: str, lit: datetime, out: datetime, flame: float = 1.0) -> Session:
        """Log a session; raises ValueError when the forge went out before it was lit."""
        if out <= lit or not 0 < flame <= 1:
            raise ValueError("not a firing")
        session = Session(job, lit, out, flame)
        self.sessions.append(session)
        return session

    def gas_cost(self, job: str) -> float:
        """What the gas for a job cost, in EUR."""
        kwh = sum(s.kwh for s in self.sessions if s.job == job)
        return round(kwh * GAS_EUR_PER_KWH, 2)

    def timesheet(self) -> dict[str, str]:
        """Forge time per job, as "2h 05m"."""
        totals: dict[str, int] = {}
        for s in self.sessions:
            totals[s.job] = totals.get(s.job, 0) + s.seconds
        out = {}
        for job, seconds in totals.items():
            hours, rest = divmod(seconds, 3600)
            out[job] = f"{hours}h {rest // 60:02d}m"
        return out
