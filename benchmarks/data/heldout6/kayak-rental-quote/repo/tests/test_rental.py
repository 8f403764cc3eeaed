import pytest

from rental import UnknownBoat, billed_hours, quote

SUMMER = {"kayak": 14.0, "canoe": 24.0}


def test_billed_hours():
    assert billed_hours(20) == 1.0
    assert billed_hours(95) == 2.0
    assert billed_hours(600) == 6.0


def test_standard_quote():
    assert quote("canoe", 90) == 30.0


def test_unknown_boat_in_the_given_table():
    with pytest.raises(UnknownBoat):
        quote("paddle board", 60, SUMMER)


def test_summer_rates_are_used():
    assert quote("kayak", 120, SUMMER) == 28.0
