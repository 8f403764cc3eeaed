import pytest

from instalments import cheapest, plan


def test_interest_free_plan():
    p = plan(1200.0, 200.0, 10, 0.0)
    assert (p.financed, p.monthly, p.total_paid, p.interest) == (1000.0, 100.0, 1000.0, 0.0)


def test_plan_with_interest():
    p = plan(2000.0, 0.0, 12, 0.12)
    assert p.monthly == 177.70
    assert p.interest == 132.4


def test_cheapest():
    assert cheapest(1000.0, 100.0, {6: 0.10, 12: 0.0, 24: 0.05}) == 12


def test_zero_months_is_refused():
    with pytest.raises(AssertionError):
        plan(500.0, 0.0, 0, 0.1)
