import pytest

from sensorstats import outliers, sample_variance, stdev


def test_one_reading_has_no_outliers():
    assert outliers([40.0]) == []


def test_two_readings():
    assert sample_variance([1.0, 3.0]) == 2.0
    assert stdev([10.0, 10.0]) == 0.0


def test_an_outlier():
    values = [10.0] * 20 + [50.0]
    assert outliers(values, k=3.0) == [50.0]


def test_variance_of_a_few_readings():
    assert sample_variance([1.0, 2.0, 3.0, 4.0]) == pytest.approx(5 / 3)
