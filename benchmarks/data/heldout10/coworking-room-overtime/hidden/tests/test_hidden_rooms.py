from rooms import Booking, FrontDesk


def test_early_hand_back_is_no_overtime():
    b = Booking("cy", booked_min=90, used_min=50)
    assert b.overtime_min == 0
    assert b.price() == 27.0


def test_notes_leave_out_the_early_ones():
    desk = FrontDesk(rooms=3)
    desk.book("ada", 60)
    desk.book("bo", 60)
    desk.hand_back("ada", 20)
    desk.hand_back("bo", 64)
    assert desk.overtime_notes() == ["bo: 4 min over"]
    assert desk.takings() == 18.0 + 20.0
