from invoice import invoice_total, line_total


def test_line_with_tax_keeps_cents():
    assert line_total(2.50, 3, 0.10) == 8.25


def test_whole_amounts():
    assert invoice_total([(10, 2), (5, 1)]) == 25
