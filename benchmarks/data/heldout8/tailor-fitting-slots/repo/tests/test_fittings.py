from datetime import date, time

from fittings import Diary

MON, TUE = date(2026, 3, 2), date(2026, 3, 3)


def diary():
    d = Diary()
    d.open_day(MON, [(time(9, 0), 30), (time(11, 0), 60)])
    d.open_day(TUE, [(time(10, 0), 45), (time(14, 0), 60), (time(16, 0), 30)])
    return d


def test_the_earliest_long_enough_slot_of_the_day_is_booked():
    d = diary()
    assert d.book("Ruth", 30, TUE) == (TUE, time(10, 0))


def test_a_long_fitting_waits_for_a_long_slot():
    d = diary()
    assert d.book("Sid", 60, MON) == (MON, time(11, 0))
    assert d.free(MON) == [time(9, 0)]


def test_nothing_long_enough_books_nothing():
    assert diary().book("Tom", 90, MON) is None


def test_cancelling_frees_the_clients_slots():
    d = diary()
    d.days[TUE][0].client = "Uma"
    d.days[TUE][2].client = "Uma"
    assert d.cancel("Uma") == 2 and d.free(TUE) == [time(10, 0), time(14, 0), time(16, 0)]
