import pytest
from pottery import Booking, SlotTaken, Wheel


def test_booking_an_empty_wheel():
    w = Wheel(1)
    w.book("Ines", 10, 12)
    assert w.hours_booked() == 2


def test_overlapping_booking_refused():
    w = Wheel(2)
    w.bookings.append(Booking("Ole", 14, 16))
    with pytest.raises(SlotTaken):
        w.book("Pat", 15, 17)


def test_closed_hours():
    with pytest.raises(ValueError):
        Wheel(3).book("Q", 7, 9)


def test_overlap_rule():
    b = Booking("R", 10, 12)
    assert b.overlaps(11, 13) and not b.overlaps(12, 14)
