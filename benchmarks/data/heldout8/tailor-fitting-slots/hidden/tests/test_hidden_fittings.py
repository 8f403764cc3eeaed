from datetime import date, time

from fittings import Diary

WED = date(2026, 3, 4)


def test_bookings_fill_a_day_from_the_morning():
    d = Diary()
    d.open_day(WED, [(time(15, 0), 40), (time(9, 30), 40), (time(12, 0), 20)])
    booked = [d.book(name, 30, WED) for name in ("Val", "Wes", "Xia")]
    assert booked == [(WED, time(9, 30)), (WED, time(15, 0)), None]


def test_an_earlier_day_wins_over_a_later_one():
    d = Diary()
    d.open_day(date(2026, 3, 5), [(time(8, 0), 60)])
    d.open_day(WED, [(time(13, 0), 60), (time(17, 0), 60)])
    assert d.book("Yan", 45, date(2026, 3, 1)) == (WED, time(13, 0))
