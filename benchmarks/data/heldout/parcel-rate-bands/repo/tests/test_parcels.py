import pytest

from parcels import postage, total_postage


def test_light_parcel():
    assert postage(0.4) == 4.50
    assert postage(1.0) == 4.50


def test_middle_band():
    assert postage(2.5) == 8.90
    assert postage(4.0) == 8.90


def test_zero_weight():
    with pytest.raises(ValueError):
        postage(0)


def test_overweight():
    assert postage(21.5) == 17.40


def test_upper_limit_of_the_middle_band():
    assert postage(5.0) == 8.90
    assert total_postage([5.0, 5.0]) == 17.80
