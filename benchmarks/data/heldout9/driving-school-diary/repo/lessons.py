"""Driving school: lessons imported from the booking app, pupils' hours and invoices."""

from dataclasses import dataclass
from datetime import date

DEFAULT_MINUTES = 60  # a standard lesson
RATE_PER_HOUR = 42.0
TEST_READY_HOURS = 20


@dataclass(frozen=True)
class Lesson:
    pupil: str
    day: date
    minutes: int
    motorway: bool = False

    @classmethod
    def from_row(cls, row: dict[str, str]) -> "Lesson":
        """A row of the app's export; a blank "minutes" is a standard lesson."""
        length = int(row.get("minutes") or DEFAULT_MINUTES)
        return cls(
            pupil=row["pupil"].strip().title(),
            day=date.fromisoformat(row["day"]),
            minutes=minutes,
            motorway=row.get("motorway", "") == "yes",
        )

    @property
    def price(self) -> float:
        return round(self.minutes / 60 * RATE_PER_HOUR, 2)


class Diary:
    def __init__(self) -> None:
        self.lessons: list[Lesson] = []

    def load(self, rows: list[dict[str, str]]) -> int:
        for row in rows:
            self.lessons.append(Lesson.from_row(row))
        return len(rows)

    def hours(self, pupil: str) -> float:
        return sum(lesson.minutes for lesson in self.lessons if lesson.pupil == pupil) / 60

    def test_ready(self, pupil: str) -> bool:
        """Enough hours, and at least one lesson on a motorway."""
        mine = [lesson for lesson in self.lessons if lesson.pupil == pupil]
        return self.hours(pupil) >= TEST_READY_HOURS and any(x.motorway for x in mine)

    def invoice(self, pupil: str, year: int, month: int) -> float:
        return round(
            sum(
                x.price
                for x in self.lessons
                if x.pupil == pupil and (x.day.year, x.day.month) == (year, month)
            ),
            2,
        )
