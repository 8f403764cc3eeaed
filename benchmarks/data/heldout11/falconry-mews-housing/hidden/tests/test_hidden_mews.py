from mews import Centre, Mews


def test_smallest_free_mews_big_enough():
    centre = Centre([Mews(4, "large"), Mews(3, "medium"), Mews(1, "medium"), Mews(2, "small", "Kes")])
    assert centre.house("Harris", "medium") == 1
    assert centre.house("Bubo", "small") == 3
    assert centre.occupancy() == {1: "Harris", 2: "Kes", 3: "Bubo", 4: None}


def test_released_mews_is_used_again():
    centre = Centre([Mews(1, "small"), Mews(2, "small")])
    centre.house("A", "small")
    centre.house("B", "small")
    centre.release("A")
    assert centre.house("C", "small") == 1
