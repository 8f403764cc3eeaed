from pottery import Booking, Wheel, first_free_wheel


def test_first_free_wheel_skips_booked_one():
    a, b = Wheel(1), Wheel(2)
    a.bookings.append(Booking("S", 9, 12))
    assert first_free_wheel([a, b], 10, 11) == 2
    assert first_free_wheel([a, b], 12, 13) == 1


def test_back_to_back():
    w = Wheel(4)
    w.book("T", 9, 10)
    w.book("U", 10, 11)
    assert w.hours_booked() == 2
