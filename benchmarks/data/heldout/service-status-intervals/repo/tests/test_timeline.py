import pytest

from timeline import intervals, longest, outages


def test_no_samples_no_intervals():
    assert intervals([]) == []


def test_samples_out_of_order():
    with pytest.raises(ValueError):
        intervals([(10, "up"), (5, "up")])


def test_outages_are_counted_once_per_run():
    samples = [(0, "up"), (5, "down"), (6, "down"), (9, "up"), (12, "down"), (15, "up")]
    assert outages(samples) == 2


def test_no_run_of_a_status_that_never_happened():
    assert longest([(0, "up"), (1, "up")], "down") is None


def test_a_flapping_service():
    samples = [(0, "up"), (10, "up"), (20, "down"), (30, "up"), (40, "up")]
    assert intervals(samples) == [(0, 10, "up"), (20, 20, "down"), (30, 40, "up")]
