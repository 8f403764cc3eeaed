import pytest

from callouts import Callout, Log, training_minutes


def test_training_cannot_end_before_it_starts():
    assert training_minutes("19:00", "21:30") == 150
    with pytest.raises(ValueError):
        training_minutes("21:30", "19:00")


def test_a_long_night():
    log = Log([Callout("2026-12", "18:40", "06:10", ("Kay",))])
    assert log.hours(log.callouts[0]) == 11.5
