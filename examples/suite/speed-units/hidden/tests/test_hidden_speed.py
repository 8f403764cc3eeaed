import pytest

from speed import average_speed


def test_one_hour_trip():
    assert average_speed(10, 60) == 10


def test_standing_still():
    assert average_speed(0, 15) == 0


def test_ninety_minutes():
    assert average_speed(120, 90) == pytest.approx(80)


def test_zero_minutes():
    with pytest.raises(ValueError):
        average_speed(5, 0)
