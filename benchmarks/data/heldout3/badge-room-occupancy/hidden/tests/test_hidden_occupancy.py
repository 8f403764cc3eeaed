import pytest

from occupancy import busiest, replay


def test_peak_counts_people_at_the_same_time():
    events = [
        ("a", "r", "in"), ("a", "r", "out"),
        ("b", "r", "in"), ("b", "r", "out"),
        ("c", "r", "in"),
        ("d", "q", "in"), ("e", "q", "in"),
    ]
    assert busiest(events) == "q"


def test_moving_between_rooms():
    inside, peak = replay([("a", "r1", "in"), ("a", "r1", "out"), ("a", "r2", "in")])
    assert inside == {"r1": 0, "r2": 1}
    assert peak == {"r1": 1, "r2": 1}


def test_unknown_direction_is_an_error():
    with pytest.raises(ValueError):
        replay([("a", "r", "sideways")])


def test_no_events_no_busiest_room():
    assert busiest([]) is None
