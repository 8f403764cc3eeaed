import pytest

from blends import UnknownBlend, batch, scaler


def test_doubling_is_exact():
    assert scaler(19, 38)(7.0) == 14.0


def test_unknown_blend():
    with pytest.raises(UnknownBlend):
        batch("curry", 100)


def test_empty_recipe():
    with pytest.raises(ValueError):
        scaler(0, 10)


def test_scaled_amounts_are_rounded_to_a_tenth():
    assert scaler(3, 1)(10.0) == 3.3


def test_small_batch_of_a_pinch():
    assert scaler(7, 1)(1.0) == 0.1
