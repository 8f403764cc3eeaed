from tides import biggest_range, next_high, ranges, spring_tide

DAY = [(1.0, 0.8), (7.2, 5.0), (13.5, 0.6), (19.7, 4.9)]


def test_ranges_are_positive_for_falling_tides_too():
    assert ranges(DAY) == [4.2, 4.4, 4.3]


def test_biggest_range_of_a_day():
    assert biggest_range(DAY) == 4.4


def test_a_rising_spring_tide():
    assert spring_tide([(2.0, 0.2), (8.0, 4.5)])
    assert not spring_tide([(2.0, 1.2), (8.0, 3.5)])


def test_next_high_water():
    assert next_high(DAY, 8.0) == 19.7
    assert next_high(DAY, 20.0) is None
