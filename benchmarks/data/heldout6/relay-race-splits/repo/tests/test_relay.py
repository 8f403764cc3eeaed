import pytest

from relay import BadStamp, Team, fmt


def test_total():
    t = Team("Owls", ["Ana", "Ben"], ["0:00", "1:05", "2:20"])
    assert t.total() == 140


def test_fmt_and_bad_stamp():
    assert fmt(125) == "2:05"
    with pytest.raises(BadStamp):
        Team("X", ["a"], ["0:00", "1:5"]).total()


def test_splits_are_leg_times():
    t = Team("Owls", ["Ana", "Ben", "Cat"], ["0:00", "1:05", "2:20", "3:15"])
    assert t.splits() == [65, 75, 55]
    assert t.fastest() == "Cat"
