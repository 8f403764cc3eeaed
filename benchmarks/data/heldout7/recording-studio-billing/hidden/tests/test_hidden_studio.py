from studio import Booking, Studio


def test_short_session_is_one_hour():
    assert Booking("Bees", "A", 59).billable_hours() == 1
    assert Booking("Bees", "A", 3601).billable_hours() == 2


def test_room_use():
    s = Studio({"A": 10.0})
    s.log("x", "A", 100)
    s.log("y", "A", 50)
    assert s.room_use() == {"A": 150}
    assert s.invoice("y") == 10.0
