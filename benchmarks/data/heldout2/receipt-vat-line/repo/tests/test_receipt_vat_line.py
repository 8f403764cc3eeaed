from receipt import line_total, money, receipt_total, vat_summary


def test_money():
    assert money(2) == "2.00"
    assert money(1.005) == "1.01"
    assert money(3.14159, places=3) == "3.142"


def test_totals():
    assert line_total(0.35, 3) == 1.05
    assert receipt_total([(2.5, 2, 20), (1.2, 1, 5)]) == "6.20"


def test_whole_vat_amounts():
    assert vat_summary([(6.0, 2, 20), (21.0, 1, 5)]) == ["VAT 5%: 1.00", "VAT 20%: 2.00"]


def test_vat_with_pennies():
    assert vat_summary([(10.0, 1, 20)]) == ["VAT 20%: 1.67"]
