import pytest

from ferry import deck_counts, next_lane


def test_boarding_only():
    events = [("board", "A"), ("board", "A"), ("board", "C")]
    assert deck_counts(events) == ({"A": 2, "B": 0, "C": 1}, 3, 0)


def test_unknown_action():
    with pytest.raises(ValueError):
        deck_counts([("swim", "A")])


def test_next_lane_while_boarding():
    assert next_lane([("board", "A")]) == "B"


def test_a_car_driving_off_frees_its_place():
    events = [("board", "B"), ("board", "B"), ("leave", "B")]
    assert deck_counts(events) == ({"A": 0, "B": 1, "C": 0}, 2, 1)
