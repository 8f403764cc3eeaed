import pytest

from aqi import category, worst_day


def test_good_air():
    assert category(5) == "good"
    assert category(12.0) == "good"


def test_moderate_air():
    assert category(20.0) == "moderate"


def test_negative_readings_are_refused():
    with pytest.raises(ValueError):
        category(-1)


def test_worst_day():
    assert worst_day({"mon": 8, "tue": 60, "wed": 30}) == ("tue", "unhealthy")


def test_the_moderate_bound_is_inclusive():
    assert category(35.4) == "moderate"
