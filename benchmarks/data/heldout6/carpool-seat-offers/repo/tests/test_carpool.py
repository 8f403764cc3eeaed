import pytest

from carpool import Board, NoSeatLeft, Ride


def _board(*rides):
    b = Board()
    for r in rides:
        b.offer(r)
    return b


def test_detour_limits():
    b = _board(Ride("ann", 3, 5.0), Ride("bob", 2, 1.0))
    assert b.matching(1, 2.5) == ["ann"]


def test_full_ride_is_refused():
    b = _board(Ride("ann", 1, 5.0))
    b.book("ann", "zed")
    with pytest.raises(NoSeatLeft):
        b.book("ann", "yan")


def test_needed_seats():
    b = _board(Ride("ann", 1, 5.0), Ride("bob", 4, 9.0))
    assert b.matching(2, 1.0) == ["bob"]


def test_driver_without_a_detour_limit_matches():
    b = _board(Ride("ann", 3, 5.0), Ride("cat", 2))
    assert b.matching(1, 12.0) == ["cat"]
