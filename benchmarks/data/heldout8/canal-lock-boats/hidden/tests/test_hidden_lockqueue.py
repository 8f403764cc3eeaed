from lockqueue import Boat, LockQueue


def names(queue, limit=50):
    out, node = [], queue.head
    while node is not None and len(out) < limit:
        out.append(node.name)
        node = node.next
    return out


def test_arrivals_one_by_one_join_the_back():
    q = LockQueue(25.0)
    for name, length in (("Ada", 10.0), ("Bea", 10.0), ("Cal", 12.0)):
        q.arrive(Boat(name, length))
    assert names(q) == ["Ada", "Bea", "Cal"] and q.waiting == 3
    assert [b.name for b in q.next_locking()] == ["Ada", "Bea"]


def test_a_queue_emptied_by_the_lock_fills_again():
    q = LockQueue(25.0)
    q.arrive(Boat("Dot", 8.0), Boat("Eve", 8.0))
    q.next_locking()
    q.arrive(Boat("Fin", 8.0), Boat("Gil", 20.0))
    assert names(q) == ["Fin", "Gil"] and q.waiting == 2
