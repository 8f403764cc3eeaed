import pytest
from dock import DockFull, Station, screen


def test_screen_after_rentals():
    s = Station("Quay", 6)
    for b in ["b1", "b2", "b3"]:
        s.dock(b)
    assert s.undock(2) == ["b3", "b2"]
    assert screen(s) == "Quay: 1 bikes, 5 free"


def test_dock_counts_bikes():
    s = Station("Mill", 2)
    s.dock("x")
    assert s.available == 1 and s.free_slots() == 1


def test_full_dock():
    s = Station("Mill", 1)
    s.dock("x")
    with pytest.raises(DockFull):
        s.dock("y")
