import pytest
from quilting import QuiltPlan, order_lines, to_quarters


def test_order_never_short():
    plan = QuiltPlan("Star")
    plan.add("navy", 10.5, 10.5, 16)  # 4 per row, 4 rows = 42 in = 1.1667 yd
    assert plan.order() == {"navy": 1.25}


def test_order_lines():
    plan = QuiltPlan("Log cabin")
    plan.add("red", 6, 12.5, 7)  # 7 per row, 1 row
    assert order_lines(plan) == ["red: 0.5 yd"]


def test_to_quarters():
    assert to_quarters(1.1) == 1.0
    assert to_quarters(1.1, round_up=True) == 1.25


def test_block_too_wide():
    with pytest.raises(ValueError):
        QuiltPlan("x").add("y", 44, 5, 1)
