import pytest

from rooms import FrontDesk


def test_a_room_handed_back_early_costs_the_booked_time():
    desk = FrontDesk(rooms=2)
    desk.book("ada", 60)
    assert desk.hand_back("ada", 45) == 18.0


def test_overtime_is_charged_by_the_minute():
    desk = FrontDesk(rooms=2)
    desk.book("ada", 60)
    assert desk.hand_back("ada", 70) == 23.0
    assert desk.overtime_notes() == ["ada: 10 min over"]


def test_every_room_taken():
    desk = FrontDesk(rooms=1)
    desk.book("ada", 30)
    with pytest.raises(RuntimeError):
        desk.book("bo", 30)


def test_takings_of_the_day():
    desk = FrontDesk(rooms=3)
    desk.book("ada", 30)
    desk.book("bo", 120)
    desk.hand_back("bo", 120)
    desk.hand_back("ada", 32)
    assert desk.takings() == 9.0 + 1.0 + 36.0
