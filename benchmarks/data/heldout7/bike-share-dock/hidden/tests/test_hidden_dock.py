from dock import Station, rebalance


def test_rebalance_moves_availability_too():
    a, b = Station("A", 10), Station("B", 8)
    for i in range(6):
        a.dock(f"k{i}")
    assert rebalance(a, b) == 4
    assert (a.available, b.available, a.rentals) == (2, 4, 4)


def test_undock_more_than_present():
    s = Station("C", 4)
    s.dock("z")
    assert s.undock(3) == ["z"]
    assert s.available == 0
