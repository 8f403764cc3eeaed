import pytest

from lockqueue import Boat, LockQueue


def names(queue, limit=50):
    out, node = [], queue.head
    while node is not None and len(out) < limit:
        out.append(node.name)
        node = node.next
    return out


def test_boats_arriving_together_queue_in_order():
    q = LockQueue(30.0)
    q.arrive(Boat("Heron", 18.0), Boat("Otter", 9.0), Boat("Kingfisher", 20.0))
    assert names(q) == ["Heron", "Otter", "Kingfisher"]


def test_a_single_boat_is_at_the_front():
    q = LockQueue(30.0)
    q.arrive(Boat("Heron", 18.0))
    assert (q.front(), q.waiting) == ("Heron", 1)


def test_the_boats_that_fit_go_in_together():
    q = LockQueue(30.0)
    q.head = Boat("Swan", 12.0, Boat("Coot", 15.0, Boat("Grebe", 10.0)))
    assert [b.name for b in q.next_locking()] == ["Swan", "Coot"]
    assert q.front() == "Grebe"


def test_a_boat_longer_than_the_lock_is_turned_away():
    with pytest.raises(ValueError):
        LockQueue(30.0).arrive(Boat("Barge", 31.0))
