from regatta import FinishSheet, series


def test_blank_lines_and_series():
    one, two = FinishSheet(), FinishSheet()
    one.read("\nA1 0:30:00\nB2 0:31:00\n")
    two.read("B2 0:20:00\nDNF A1\nA1 0:22:00\nC3 0:25:00")
    assert series([one, two]) == {"A1": 3, "B2": 3, "C3": 3}
