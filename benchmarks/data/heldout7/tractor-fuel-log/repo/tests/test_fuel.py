import pytest
from fuel import FuelLog


def build():
    log = FuelLog({"farm": 1.10, "town": 1.45})
    log.fill("T1", "farm", 120, "north")
    log.fill("T2", "town", 40, "north")
    log.fill("T1", "farm", 50, "mill")
    return log


def test_costs_at_station():
    assert build().costs_at("farm") == [132.0, 55.0]


def test_field_cost():
    assert build().field_cost("north") == 190.0


def test_litres_and_unknown_station():
    assert build().litres_by_tractor() == {"T1": 170, "T2": 40}
    with pytest.raises(KeyError):
        build().fill("T3", "port", 10, "x")
