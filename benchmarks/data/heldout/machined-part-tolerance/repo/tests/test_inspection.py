import pytest

from inspection import Spec, deviation, inspect_batch, within


def test_negative_tolerance_is_refused():
    with pytest.raises(ValueError):
        Spec(10.0, -0.1)


def test_deviation_is_signed():
    assert deviation(9.95, Spec(10.0, 0.1)) == -0.05


def test_part_on_nominal_is_within():
    assert within(25.0, Spec(25.0, 0.02))


def test_oversized_part_is_rejected():
    accepted, rejected = inspect_batch([("p1", 10.05), ("p2", 10.3)], Spec(10.0, 0.1))
    assert accepted == [("p1", 10.05)]
    assert rejected == [("p2", 10.3)]


def test_undersized_part_is_rejected():
    assert not within(9.7, Spec(10.0, 0.1))
