from datetime import date

from hives import mean_gap, overdue, report


def test_mean_gap_of_three_inspections():
    assert mean_gap([date(2026, 5, 1), date(2026, 5, 8), date(2026, 5, 19)]) == 9.0


def test_no_inspection_has_no_gap():
    assert mean_gap([]) is None


def test_a_single_inspection_has_no_gap():
    assert mean_gap([date(2026, 5, 1)]) is None


def test_overdue_hives():
    diary = {"h1": [date(2026, 5, 1)], "h2": [date(2026, 5, 12)], "h3": []}
    assert overdue(diary, date(2026, 5, 15)) == ["h1", "h3"]
