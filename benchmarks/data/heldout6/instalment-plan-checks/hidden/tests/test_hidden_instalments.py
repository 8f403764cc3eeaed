import pytest

from instalments import plan


def test_zero_price_is_refused():
    with pytest.raises(AssertionError):
        plan(0.0, 0.0, 12, 0.1)


def test_negative_months_are_refused():
    with pytest.raises(AssertionError):
        plan(900.0, 0.0, -3, 0.0)


def test_deposit_checks_still_apply():
    with pytest.raises(AssertionError):
        plan(900.0, 900.0, 3, 0.0)
    assert plan(900.0, 0.0, 3, 0.0).monthly == 300.0
