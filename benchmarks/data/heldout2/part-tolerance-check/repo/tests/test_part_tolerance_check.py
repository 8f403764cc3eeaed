from inspection import Dimension, inspect, verdict, within

BORE = Dimension("bore", 12.0, 0.02)
LENGTH = Dimension("length", 80.0, 0.1)


def test_in_tolerance_and_oversize():
    assert within(BORE, 12.015)
    assert within(BORE, 12.02)
    assert not within(BORE, 12.03)


def test_unmeasured_dimension_is_rejected():
    assert inspect([BORE, LENGTH], {"bore": 12.0}) == ["length"]


def test_undersize_is_rejected():
    assert not within(LENGTH, 79.8)


def test_verdict():
    assert verdict([BORE, LENGTH], {"bore": 11.95, "length": 80.05}) == "reject: bore"
