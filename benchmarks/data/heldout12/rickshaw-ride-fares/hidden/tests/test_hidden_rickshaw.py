from datetime import datetime

from rickshaw import Ride, Shift


def at(hh, mm):
    return datetime(2026, 7, 4, hh, mm)


def test_a_shift_with_a_ride_under_way():
    shift = Shift([Ride("Ola", at(15, 0)), Ride("Sam", at(14, 5), at(14, 18)), Ride("Ola", at(13, 0), at(13, 40))])
    assert shift.takings() == 32.5
    assert shift.sheet() == ["13:00 Ola: 23.00", "14:05 Sam: 9.50", "15:00 Ola: under way"]
    assert Ride("Ola", at(15, 0)).fare() is None
