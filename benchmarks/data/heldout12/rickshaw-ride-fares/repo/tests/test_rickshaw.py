from datetime import datetime

from rickshaw import Ride, Shift


def at(hh, mm):
    return datetime(2026, 7, 4, hh, mm)


def test_a_finished_ride():
    ride = Ride("Sam", at(14, 5), at(14, 18))
    assert ride.fare() == 9.5
    assert ride.line() == "14:05 Sam: 9.50"


def test_under_way():
    shift = Shift([Ride("Sam", at(14, 5), at(14, 18)), Ride("Ola", at(15, 0))])
    assert shift.under_way() == ["Ola"]


def test_the_line_of_a_ride_under_way():
    assert Ride("Ola", at(15, 0)).line() == "15:00 Ola: under way"
