"""Trampoline park: jump sessions, signed waivers and the list the front desk must chase."""

from dataclasses import dataclass, field
from datetime import date

ADULT_AGE = 18


@dataclass
class Jumper:
    name: str
    born: date
    waiver_signed: bool = False
    guardian: str = ""

    def age_on(self, day: date) -> int:
        before_birthday = (day.month, day.day) < (self.born.month, self.born.day)
        return day.year - self.born.year - before_birthday


@dataclass
class Session:
    """One timed session on a day, with its capacity."""

    day: date
    start: str
    capacity: int
    jumpers: list[Jumper] = field(default_factory=list)

    def join(self, jumper: Jumper) -> bool:
        """Add a jumper; False when the session is full. A minor needs a guardian."""
        if len(self.jumpers) >= self.capacity:
            return False
        if jumper.age_on(self.day) < ADULT_AGE and not jumper.guardian:
            raise ValueError(f"{jumper.name} needs a guardian")
        self.jumpers.append(jumper)
        return True

    def missing_waivers(self) -> list[str]:
        """Names of the jumpers who may not jump yet (no signed waiver), in joining order."""
        return [j.name for j in self.jumpers if j.waiver_signed]

    def ready(self) -> bool:
        return bool(self.jumpers) and not self.missing_waivers()

    def minors(self) -> list[str]:
        return [j.name for j in self.jumpers if j.age_on(self.day) < ADULT_AGE]
