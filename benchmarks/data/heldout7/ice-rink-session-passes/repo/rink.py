"""Ice rink session passes: included minutes, overtime billed per started block."""

from dataclasses import dataclass, field

BLOCK_MINUTES = 15
BLOCK_PRICE = 2.50


@dataclass
class Session:
    skater: str
    minutes: int


@dataclass
class SessionPass:
    """A pass with ``included`` minutes per session; time beyond it is overtime."""

    holder: str
    included: int = 60
    overtime_minutes: int = 0
    sessions: list[Session] = field(default_factory=list)

    def record(self, minutes: int) -> None:
        if minutes < 0:
            raise ValueError("negative session length")
        self.sessions.append(Session(self.holder, minutes))
        self.overtime_minutes += minutes - self.included

    def overtime_blocks(self) -> int:
        return -(-self.overtime_minutes // BLOCK_MINUTES)

    def overtime_charge(self) -> float:
        return round(self.overtime_blocks() * BLOCK_PRICE, 2)

    def total_minutes(self) -> int:
        return sum(s.minutes for s in self.sessions)


def monthly_statement(passes: list[SessionPass]) -> list[str]:
    """One line per pass holder, sorted by name."""
    lines = []
    for p in sorted(passes, key=lambda p: p.holder):
        lines.append(
            f"{p.holder}: {len(p.sessions)} sessions, {p.total_minutes()} min, "
            f"overtime {p.overtime_charge():.2f}"
        )
    return lines


def busiest(passes: list[SessionPass]) -> str | None:
    if not passes:
        return None
    return max(passes, key=lambda p: p.total_minutes()).holder
