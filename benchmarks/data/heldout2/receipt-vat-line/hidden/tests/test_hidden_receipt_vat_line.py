from receipt import vat_summary


def test_several_lines_per_rate():
    lines = [(3.99, 2, 20), (1.25, 4, 5), (0.99, 1, 20)]
    assert vat_summary(lines) == ["VAT 5%: 0.24", "VAT 20%: 1.50"]
