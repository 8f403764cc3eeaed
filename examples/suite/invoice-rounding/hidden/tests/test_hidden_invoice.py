import pytest

from invoice import invoice_total, line_total


def test_rounds_to_the_nearest_cent():
    assert line_total(19.99, 1, 0.20) == 23.99


def test_no_tax():
    assert line_total(0.10, 3) == 0.3


def test_invoice_sums_rounded_lines():
    assert invoice_total([(1.15, 1), (2.35, 2)], 0.0) == 5.85


def test_negative_quantity():
    with pytest.raises(ValueError):
        line_total(1.0, -1)
