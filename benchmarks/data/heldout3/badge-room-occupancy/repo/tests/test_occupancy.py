import pytest

from occupancy import BadgeError, replay, still_inside


def test_entries_are_counted():
    inside, peak = replay([("ann", "lab1", "in"), ("bob", "lab1", "in")])
    assert inside == {"lab1": 2}
    assert peak == {"lab1": 2}


def test_leaving_a_room_not_entered_is_refused():
    with pytest.raises(BadgeError):
        replay([("ann", "lab1", "in"), ("ann", "lab2", "out")])


def test_entering_while_inside_is_refused():
    with pytest.raises(BadgeError):
        replay([("ann", "lab1", "in"), ("ann", "lab2", "in")])


def test_a_room_empties_when_everyone_leaves():
    events = [
        ("ann", "lab1", "in"),
        ("bob", "lab1", "in"),
        ("ann", "lab1", "out"),
        ("bob", "lab1", "out"),
    ]
    inside, peak = replay(events)
    assert inside == {"lab1": 0}
    assert peak == {"lab1": 2}


def test_still_inside_lists_occupied_rooms():
    events = [("ann", "lab1", "in"), ("bob", "lab2", "in"), ("ann", "lab1", "out")]
    assert still_inside(events) == [("lab2", 1)]
