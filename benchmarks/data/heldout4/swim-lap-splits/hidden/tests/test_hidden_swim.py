from swim import fastest_lap, laps


def test_no_lap_before_the_first_touch():
    assert laps([0.0]) == []
    assert fastest_lap([0.0]) is None


def test_a_single_lap():
    assert laps([0.0, 26.4]) == [26.4]
