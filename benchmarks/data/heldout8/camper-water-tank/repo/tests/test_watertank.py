import pytest

from watertank import ServicePoint, Tank


def test_only_the_water_that_fits_is_charged():
    tank, point = Tank("VW-3", 80.0, level_l=50.0), ServicePoint()
    assert point.top_up(tank, 50.0) == 0.6
    assert tank.level_l == 80.0 and tank.percent_full == 100


def test_drawing_more_than_is_left_empties_the_tank():
    tank = Tank("VW-3", 80.0, level_l=12.0)
    assert tank.draw(20.0) == 12.0 and tank.level_l == 0.0


def test_filling_to_full_sells_the_missing_litres():
    tank, point = Tank("VW-3", 80.0, level_l=30.0), ServicePoint()
    assert point.fill_to_full(tank) == 1.0 and point.sold_l == 50.0


def test_a_negative_fill_is_refused():
    with pytest.raises(ValueError):
        Tank("VW-3", 80.0).fill(-1.0)
