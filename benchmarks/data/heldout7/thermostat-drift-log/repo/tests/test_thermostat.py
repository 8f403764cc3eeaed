import pytest
from thermostat import DriftLog, needs_service, report


def make(values, setpoint=20.0):
    log = DriftLog("hall", setpoint)
    for hour, c in enumerate(values):
        log.add(hour, c)
    return log


def test_drift_above_and_below_does_not_cancel():
    assert make([22.0, 18.0]).mean_drift() == 2.0


def test_room_swinging_both_ways_needs_service():
    assert needs_service(make([23.0, 17.0, 22.0, 18.0]))


def test_warm_room_drift():
    assert make([21.0, 23.0]).mean_drift() == 2.0


def test_hours_outside_and_coldest():
    log = make([20.0, 25.0, 14.0])
    assert log.hours_outside(2.0) == [1, 2]
    assert log.coldest().hour == 2


def test_bad_hour():
    with pytest.raises(ValueError):
        DriftLog("x", 20.0).add(24, 20.0)
