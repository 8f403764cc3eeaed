import pytest

from lifeguard import Reading, Tower


def test_light_wind_flies_green():
    assert Tower("North").wind_flag(8) == "green"


def test_a_fresh_breeze_flies_yellow():
    assert Tower("North").wind_flag(15) == "yellow"


def test_big_waves_fly_red_whatever_the_wind():
    assert Tower("North").flag(Reading(9, 5, 2.5)) == "red"


def test_readings_must_come_in_order():
    tower = Tower("North")
    tower.record(Reading(10, 5, 0.5))
    with pytest.raises(ValueError):
        tower.record(Reading(9, 5, 0.5))


def test_twenty_knots_is_still_yellow():
    tower = Tower("North")
    tower.record(Reading(11, 20, 0.5))
    assert tower.log() == ["11:00 yellow"]
