import pytest
from parade import LineUp, gaps_needed


def test_withdraw_from_the_middle():
    line = LineUp(["Band", "Dragon", "Ship", "Queen"])
    assert line.withdraw("Ship")
    assert line.names() == ["Band", "Dragon", "Queen"]


def test_withdraw_head():
    line = LineUp(["Band", "Dragon"])
    assert line.withdraw("Band")
    assert line.names() == ["Dragon"]


def test_insert_after():
    line = LineUp(["Band", "Queen"])
    line.insert_after("Band", "Drums")
    assert line.names() == ["Band", "Drums", "Queen"]
    with pytest.raises(KeyError):
        line.insert_after("Clown", "X")
