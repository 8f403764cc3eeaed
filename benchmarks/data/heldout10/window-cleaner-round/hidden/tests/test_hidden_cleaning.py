from datetime import date

from cleaning import House, Round


def test_prepaid_cleans_run_out():
    house = House("9 Ash Rd", 10, every_weeks=1, prepaid=1)
    r = Round([house])
    assert r.work(date(2026, 2, 2)) == 0.0
    assert house.prepaid == 0
    assert r.work(date(2026, 2, 9)) == 15.0
    assert r.owed == {"9 Ash Rd": 15.0}
