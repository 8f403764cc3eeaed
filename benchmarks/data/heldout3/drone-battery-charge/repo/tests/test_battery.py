import pytest

from battery import Battery, Depleted


def test_a_partial_charge():
    b = Battery(100, 20)
    b.charge(30, 1)
    assert b.level_wh == 50
    assert b.percent() == 50


def test_a_flight_needing_more_than_the_level_is_refused():
    b = Battery(100, 10)
    with pytest.raises(Depleted):
        b.fly(40, 0.5)
    assert b.level_wh == 10


def test_hours_to_full():
    assert Battery(100, 40).hours_to_full(20) == 3.0


def test_charging_stops_at_the_capacity():
    b = Battery(100, 90)
    b.charge(50, 1)
    assert b.level_wh == 100
    assert b.percent() == 100


def test_charge_fully_then_fly():
    b = Battery(100)
    b.charge(60, 3)
    b.fly(50, 1)
    assert b.percent() == 50
