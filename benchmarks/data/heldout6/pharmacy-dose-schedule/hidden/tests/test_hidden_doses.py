import pytest

from doses import DoseTooHigh, daily_totals, schedule


def test_exactly_the_daily_maximum_is_allowed():
    lines = schedule("ibuprofen", 400, 0, 6, 3)
    assert daily_totals(lines) == {1: 1200}


def test_over_the_maximum_by_one_dose():
    with pytest.raises(DoseTooHigh):
        schedule("ibuprofen", 400, 0, 6, 4)
    with pytest.raises(DoseTooHigh):
        schedule("naproxen", 440, 0, 8, 2)


def test_two_days_each_within_the_limit():
    lines = schedule("paracetamol", 1000, 0, 6, 8)
    assert daily_totals(lines) == {1: 4000, 2: 4000}
    assert lines[4] == "day 2 00:00 1000 mg"
