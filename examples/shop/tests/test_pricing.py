import pytest

from shop.pricing import add_tax, apply_discount, line_total, order_total


def test_line_total():
    assert line_total(2.50, 3) == 7.5


def test_line_total_rejects_negative_quantity():
    with pytest.raises(ValueError):
        line_total(1.0, -1)


def test_discount():
    assert apply_discount(80.0, 25) == 60.0


def test_add_tax_keeps_cents():
    assert add_tax(19.99, 0.2) == 23.99


def test_order_total_with_discount_and_tax():
    assert order_total([(4.99, 2), (1.25, 4)], discount_percent=10, tax_rate=0.2) == 16.18


def test_order_total_whole_euros():
    assert order_total([(3.0, 1)]) == 3.0
