import pytest

from kiln import firing_plan


def test_cool_down_to_a_hold_temperature():
    steps, _ = firing_plan([(300, 1200, 0), (100, 900, 60), (150, 750, 0)])
    assert steps == [(1200, 236, 0), (900, 180, 60), (750, 60, 0)]


def test_a_rate_must_be_positive():
    with pytest.raises(ValueError):
        firing_plan([(0, 600, 0)])
