import pytest

from mews import Centre, Mews, NoMewsFree


def test_a_kestrel_gets_a_small_mews():
    centre = Centre([Mews(1, "large"), Mews(2, "small"), Mews(3, "medium")])
    assert centre.house("Kes", "small") == 2
    assert centre.occupancy() == {1: None, 2: "Kes", 3: None}


def test_no_mews_big_enough():
    centre = Centre([Mews(1, "small", "Kes"), Mews(2, "medium")])
    with pytest.raises(NoMewsFree):
        centre.house("Aquila", "large")


def test_free_count():
    centre = Centre([Mews(1, "large"), Mews(2, "small", "Kes"), Mews(3, "medium")])
    assert centre.free("medium") == 2
