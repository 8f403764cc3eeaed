"""Summary statistics of a sensor's readings."""

import math


def mean(values):
    """Arithmetic mean; ValueError for no values."""
    if not values:
        raise ValueError("mean of no values")
    return sum(values) / len(values)


def sample_variance(values):
    """Unbiased sample variance (divides by n - 1); 0.0 for fewer than two readings."""
    n = len(values)
    if n == 0:
        return 0.0
    m = mean(values)
    return sum((v - m) ** 2 for v in values) / (n - 1)


def stdev(values):
    """Sample standard deviation."""
    return math.sqrt(sample_variance(values))


def outliers(values, k=3.0):
    """Readings more than ``k`` standard deviations away from the mean."""
    if not values:
        return []
    m, s = mean(values), stdev(values)
    if s == 0:
        return []
    return [v for v in values if abs(v - m) > k * s]
