from datetime import date

from parlour import Milking, YieldLog

MON, TUE = date(2026, 11, 30), date(2026, 12, 1)


def test_one_cow_one_day():
    log = YieldLog([Milking("Daisy", MON, 14.2), Milking("Daisy", MON, 11.3)])
    assert log.daily_totals() == {("Daisy", MON): 25.5}


def test_two_cows_over_two_days():
    log = YieldLog([
        Milking("Daisy", MON, 14.0), Milking("Bella", MON, 12.0), Milking("Daisy", MON, 10.0),
        Milking("Bella", TUE, 13.5), Milking("Daisy", TUE, 9.0),
    ])
    assert log.daily_totals() == {
        ("Bella", MON): 12.0, ("Bella", TUE): 13.5, ("Daisy", MON): 24.0, ("Daisy", TUE): 9.0,
    }


def test_a_cow_not_in_the_log():
    assert YieldLog([Milking("Daisy", MON, 14.0)]).best_day("Clover") is None
