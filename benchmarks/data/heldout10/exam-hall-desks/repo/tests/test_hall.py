import pytest

from hall import Hall, label, neighbours


def test_labels_of_the_first_row():
    assert [label(d) for d in (1, 2, 5)] == ["A1", "A2", "A5"]


def test_plan():
    hall = Hall(desks=40)
    hall.seat("noor", 3)
    hall.seat("ari", 1)
    assert hall.plan() == ["A1 ari", "A3 noor"]


def test_neighbours():
    assert neighbours(2, 3) and neighbours(3, 11)
    assert not neighbours(2, 4)


def test_a_taken_desk():
    hall = Hall(desks=10)
    hall.seat("ari", 4)
    with pytest.raises(ValueError):
        hall.seat("bea", 4)
