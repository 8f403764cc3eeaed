from datetime import date

from lessons import Diary, Lesson


def test_the_minutes_of_the_row_are_kept():
    lesson = Lesson.from_row({"pupil": "cy", "day": "2026-05-01", "minutes": "90", "motorway": "yes"})
    assert lesson == Lesson("Cy", date(2026, 5, 1), 90, motorway=True)


def test_the_monthly_invoice_of_imported_lessons():
    diary = Diary()
    rows = [
        {"pupil": "Di", "day": "2026-06-03", "minutes": "45"},
        {"pupil": "Di", "day": "2026-06-10"},
        {"pupil": "Di", "day": "2026-07-01", "minutes": "120"},
    ]
    assert diary.load(rows) == 3
    assert diary.invoice("Di", 2026, 6) == 73.5
