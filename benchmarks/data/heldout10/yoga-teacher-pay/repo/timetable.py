"""A yoga studio's week: classes, the teachers covering them, and what each teacher is paid."""

from collections import defaultdict
from dataclasses import dataclass

DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class Teacher:
    name: str
    rate: float  # EUR per class hour


@dataclass
class YogaClass:
    day: str
    start: str  # "18:30"
    style: str
    minutes: int
    teacher: Teacher | None = None  # None: a cover teacher is still wanted


class Timetable:
    """The classes of one week."""

    def __init__(self):
        self.classes: list[YogaClass] = []

    def add(self, yoga_class: YogaClass) -> None:
        """Put a class on the timetable."""
        if yoga_class.day not in DAYS:
            raise ValueError(f"no day {yoga_class.day!r}")
        self.classes.append(yoga_class)

    def ordered(self) -> list[YogaClass]:
        """The classes by day and start time."""
        return sorted(self.classes, key=lambda c: (DAYS.index(c.day), c.start))

    def pay(self) -> dict[str, float]:
        """Each teacher's pay for the week in EUR, by name; a class without a teacher pays
        nobody."""
        pay: dict[str, float] = defaultdict(float)
        for c in self.classes:
            pay[c.teacher.name] += c.minutes / 60 * c.teacher.rate
        return {name: round(total, 2) for name, total in sorted(pay.items())}

    def cover_needed(self) -> list[str]:
        """The classes still without a teacher."""
        return [f"{c.day} {c.start} {c.style}" for c in self.ordered() if c.teacher is None]

    def week(self) -> list[str]:
        """The printed timetable."""
        return [
            f"{c.day} {c.start} {c.style} ({c.teacher.name if c.teacher else 'cover wanted'})"
            for c in self.ordered()
        ]
