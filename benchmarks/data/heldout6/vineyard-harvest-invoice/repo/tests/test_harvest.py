import pytest

from harvest import Delivery, UnknownVariety, statement, total_due


def test_balance_is_harvest_minus_advance():
    s = statement("Weber", [Delivery("riesling", 1000), Delivery("pinot", 500)], 1200.0)
    assert s.gross == 3200.0
    assert s.balance_due == 2000.0


def test_unknown_variety_is_refused():
    with pytest.raises(UnknownVariety):
        statement("Roth", [Delivery("zinfandel", 10)], 0.0)


def test_statement_lines():
    s = statement("Keller", [Delivery("merlot", 250)], 0.0)
    assert s.lines == ["merlot       250.0 kg    425.00"]


def test_advance_larger_than_harvest_leaves_nothing_due():
    s = statement("Lang", [Delivery("silvaner", 100)], 500.0)
    assert s.gross == 140.0
    assert s.balance_due == 0.0


def test_total_due_ignores_over_advanced_growers():
    good = statement("A", [Delivery("pinot", 100)], 60.0)
    poor = statement("B", [Delivery("merlot", 10)], 100.0)
    assert total_due([good, poor]) == 200.0
