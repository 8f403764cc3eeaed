import pytest

from counters import PostOffice


def test_free_counters_call_the_waiting_tickets():
    po = PostOffice(counters=3)
    for _ in range(2):
        po.draw()
    po.close(2)
    assert po.call_next() == [(1, 1), (3, 2)]


def test_free_counters():
    po = PostOffice(counters=2)
    po.serving[1] = 5
    assert po.free_counters() == [2]


def test_tickets_are_numbered():
    po = PostOffice(counters=1)
    assert [po.draw() for _ in range(3)] == [1, 2, 3]


def test_a_busy_counter_does_not_close():
    po = PostOffice(counters=1)
    po.serving[1] = 4
    with pytest.raises(RuntimeError):
        po.close(1)
