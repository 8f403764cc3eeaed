from datetime import date

from lessons import Diary, Lesson


def test_a_lesson_is_priced_by_the_minute():
    assert Lesson("Ada", date(2026, 3, 2), 90).price == 63.0


def test_a_pupil_needs_a_motorway_lesson_for_the_test():
    diary = Diary()
    diary.lessons = [Lesson("Ada", date(2026, 3, d), 120) for d in range(1, 11)]
    assert diary.hours("Ada") == 20
    assert not diary.test_ready("Ada")


def test_a_row_without_minutes_is_a_standard_lesson():
    lesson = Lesson.from_row({"pupil": " ben kaur ", "day": "2026-04-07", "minutes": ""})
    assert lesson == Lesson("Ben Kaur", date(2026, 4, 7), 60)
