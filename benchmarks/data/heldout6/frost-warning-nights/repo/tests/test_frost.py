from frost import Night, frost_nights, ground_frost_nights, warning


def test_clearly_below_zero():
    week = [Night("mon", 4.0), Night("tue", -1.5), Night("wed", 2.0)]
    assert frost_nights(week) == ["tue"]


def test_mild_week():
    assert warning([Night("mon", 6.0), Night("tue", 8.0, 20.0)]) == "no frost expected"


def test_hard_frost():
    assert warning([Night("mon", -7.0)]) == "hard frost: bring in the pots"


def test_zero_degrees_is_a_frost_night():
    week = [Night("mon", 0.0), Night("tue", 1.0, 5.0)]
    assert frost_nights(week) == ["mon"]
    assert ground_frost_nights(week) == ["tue"]
