import pytest

from durations import compact, eta, parse


def test_compact():
    assert compact(3725, max_units=3) == "1h 2m 5s"
    assert compact(90061) == "1d 1h"


def test_parse_and_negative():
    assert parse("1h 2m") == 3720
    with pytest.raises(ValueError):
        compact(-1)


def test_eta_before_any_progress():
    assert eta(0, 10, 5) == "unknown"


def test_zero():
    assert compact(0) == "0s"
