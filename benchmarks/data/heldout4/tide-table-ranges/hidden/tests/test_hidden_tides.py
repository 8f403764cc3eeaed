from tides import biggest_range, spring_tide


def test_a_falling_spring_tide():
    assert spring_tide([(3.0, 5.1), (9.0, 0.4)])


def test_fewer_than_two_extremes():
    assert biggest_range([(3.0, 5.1)]) == 0.0


def test_neap_day_falls_little():
    assert biggest_range([(0.0, 3.0), (6.0, 1.5), (12.0, 2.9)]) == 1.5
