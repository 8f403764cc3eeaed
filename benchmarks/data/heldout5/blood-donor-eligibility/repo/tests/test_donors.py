from datetime import date

from donors import Donor, days_since, eligible, next_date, rested

TODAY = date(2026, 3, 10)


def test_days_since_and_rested():
    assert days_since(Donor("Ann", last=date(2026, 3, 1)), TODAY) == 9
    assert not rested(Donor("Ann", last=date(2026, 3, 1)), TODAY)
    assert rested(Donor("Bo"), TODAY)


def test_next_date():
    assert next_date(Donor("Ann", last=date(2026, 1, 1))) == date(2026, 2, 26)


def test_deferred_donor_is_not_eligible():
    assert eligible([Donor("Ann"), Donor("Bo", deferred=True)], TODAY) == ["Ann"]
