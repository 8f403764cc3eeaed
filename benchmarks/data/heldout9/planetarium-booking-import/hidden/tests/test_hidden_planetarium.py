from planetarium import UNRESERVED, Show, import_bookings


def test_a_blank_seat_cell_is_free_seating():
    shows = {"Moon": Show("Moon", 50)}
    import_bookings("ref,show,guests,seat\nB6,Moon,2,D4\nB7,Moon,3,\n", shows)
    assert [b.seat for b in shows["Moon"].bookings] == ["D4", UNRESERVED]
    assert shows["Moon"].seat_plan() == {"D4": "B6"}


def test_a_short_row_is_free_seating():
    shows = {"Moon": Show("Moon", 50)}
    import_bookings("ref,show,guests,seat\nB8,Moon,1\n", shows)
    assert shows["Moon"].bookings[0].seat == UNRESERVED
