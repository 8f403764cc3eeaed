import pytest

from sensorstats import mean, outliers, sample_variance, stdev


def test_mean():
    assert mean([1.0, 2.0, 6.0]) == 3.0


def test_mean_of_nothing():
    with pytest.raises(ValueError):
        mean([])


def test_sample_variance_divides_by_n_minus_one():
    assert sample_variance([2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]) == pytest.approx(32 / 7)


def test_no_readings_no_spread():
    assert sample_variance([]) == 0.0
    assert outliers([]) == []


def test_a_single_reading_has_no_spread():
    assert sample_variance([21.5]) == 0.0
    assert stdev([21.5]) == 0.0
