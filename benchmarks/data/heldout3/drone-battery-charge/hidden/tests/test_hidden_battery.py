import pytest

from battery import Battery


def test_a_small_battery_fills_up():
    b = Battery(50, 45)
    b.charge(10, 2)
    assert b.hours_to_full(10) == 0
    assert b.percent() == 100


def test_a_large_battery_charges_past_one_hundred_wh():
    b = Battery(250, 200)
    b.charge(100, 1)
    assert b.level_wh == 250


def test_a_level_above_the_capacity_is_refused():
    with pytest.raises(ValueError):
        Battery(100, 120)
