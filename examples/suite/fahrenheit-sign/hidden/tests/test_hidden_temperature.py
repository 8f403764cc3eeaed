import pytest

from temperature import to_celsius, to_fahrenheit


def test_freezing_point():
    assert to_fahrenheit(0) == 32


def test_minus_forty_is_the_same_on_both_scales():
    assert to_fahrenheit(-40) == -40


def test_body_temperature():
    assert to_fahrenheit(37) == pytest.approx(98.6)


@pytest.mark.parametrize("c", [-10, 0, 21.5, 300])
def test_round_trip(c):
    assert to_celsius(to_fahrenheit(c)) == pytest.approx(c)
