from frost import Night, frost_nights, ground_frost_nights, warning


def test_exactly_minus_five_is_hard_frost():
    assert warning([Night("sat", -5.0), Night("sun", 2.0)]) == "hard frost: bring in the pots"


def test_zero_alone_means_cover_the_beds():
    assert warning([Night("fri", 0.0, 30.0)]) == "frost: cover the beds"


def test_custom_threshold_and_ground_frost_edge():
    week = [Night("a", -2.0), Night("b", -2.1), Night("c", 3.0, 2.0), Night("d", 3.0, 10.0)]
    assert frost_nights(week, -2.0) == ["a", "b"]
    assert ground_frost_nights(week) == ["c"]
