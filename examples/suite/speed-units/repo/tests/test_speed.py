from speed import average_speed, pace


def test_half_hour_trip():
    assert average_speed(30, 30) == 60


def test_pace():
    assert pace(10, 50) == 5
