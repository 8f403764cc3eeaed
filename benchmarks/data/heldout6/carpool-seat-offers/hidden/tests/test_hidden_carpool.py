from carpool import Board, Ride, seats_offered


def test_any_detour_and_limits_together():
    b = Board()
    b.offer(Ride("cat", 2))
    b.offer(Ride("dan", 2, 3.0))
    b.offer(Ride("eve", 2, 2.0))
    assert b.matching(2, 3.0) == ["cat", "dan"]
    assert seats_offered(b) == 6


def test_unlimited_driver_still_needs_seats():
    b = Board()
    b.offer(Ride("cat", 1))
    b.book("cat", "x")
    assert b.matching(1, 0.0) == []
