import pytest

from planetarium import UNRESERVED, Booking, Show, import_bookings


def test_a_reserved_seat_is_kept():
    booking = Booking.from_row({"ref": " B1 ", "show": "Moon", "guests": "2", "seat": "C7"})
    assert booking == Booking("B1", "Moon", 2, "C7")
    assert booking.reserved


def test_a_full_show_refuses_the_booking():
    shows = {"Moon": Show("Moon", 3)}
    with pytest.raises(ValueError):
        import_bookings("ref,show,guests,seat\nB1,Moon,2,A1\nB2,Moon,2,A2\n", shows)


def test_a_row_without_a_seat_is_free_seating():
    booking = Booking.from_row({"ref": "B3", "show": "Mars", "guests": "4"})
    assert booking.seat == UNRESERVED
    assert not booking.reserved


def test_an_export_without_a_seat_column_reserves_nothing():
    shows = {"Mars": Show("Mars", 50)}
    assert import_bookings("ref,show,guests\nB4,Mars,2\nB5,Mars,3\n", shows) == 2
    assert shows["Mars"].seat_plan() == {}
