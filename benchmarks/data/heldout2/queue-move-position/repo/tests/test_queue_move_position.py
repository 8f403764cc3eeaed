import pytest

from tickets import QueueError, TicketQueue


def test_add_position_take():
    q = TicketQueue(["T1", "T2", "T3"])
    assert q.position("T3") == 3
    assert q.take() == "T1" and q.ids() == ["T2", "T3"]
    with pytest.raises(QueueError):
        q.add("T2")


def test_move_past_the_end():
    q = TicketQueue(["T1", "T2", "T3"])
    q.move("T1", 10)
    assert q.ids() == ["T2", "T3", "T1"]


def test_bad_moves():
    q = TicketQueue(["T1"])
    with pytest.raises(QueueError):
        q.move("T9", 1)
    with pytest.raises(QueueError):
        q.move("T1", 0)


def test_move_to_the_front():
    q = TicketQueue(["T1", "T2", "T3"])
    q.move("T3", 1)
    assert q.ids() == ["T3", "T1", "T2"]
