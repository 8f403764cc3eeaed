import pytest
from hall import Section


def test_front_row_is_a():
    assert Section("Stalls", 3, 4).sell(1, 2) == "A2"


def test_availability():
    s = Section("Circle", 2, 5)
    s.sell(2, 5)
    assert s.available() == 9
    with pytest.raises(ValueError):
        s.sell(2, 5)


def test_out_of_range():
    with pytest.raises(ValueError):
        Section("Box", 1, 2).sell(2, 1)
