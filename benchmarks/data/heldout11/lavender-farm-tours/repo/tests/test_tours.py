from datetime import date

from tours import Tour, timetable

MONDAY = date(2026, 6, 1)


def test_a_tour_on_its_own_day():
    tour = Tour("Distillery walk")
    tour.add_day(0)
    tour.add_day(2)
    assert tour.runs_on(MONDAY)
    assert tour.day_names() == ["Mon", "Wed"]


def test_week_timetable():
    walk, bees = Tour("Distillery walk", days=0b0000101), Tour("Bee garden", days=0b1100000)
    week = timetable([walk, bees], MONDAY)
    assert [week[d] for d in sorted(week)] == [
        ["Distillery walk"], [], ["Distillery walk"], [], [], ["Bee garden"], ["Bee garden"]
    ]


def test_cancel_day():
    tour = Tour("Fields", days=0b11)
    tour.cancel_day(0)
    assert tour.day_names() == ["Tue"]
