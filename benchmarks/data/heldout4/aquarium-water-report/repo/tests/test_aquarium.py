from aquarium import change_lines, fmt, reading_lines


def test_reading_lines_flag_high_values():
    assert reading_lines({"nitrite": 0.1, "nitrate": 55.0}) == ["nitrate: 55.00 ppm !", "nitrite: 0.10 ppm"]


def test_a_falling_value():
    assert change_lines({"nitrate": 30.0}, {"nitrate": 22.5}) == ["nitrate: -7.5 ppm"]


def test_a_rising_value_has_a_plus_sign():
    assert change_lines({"nitrate": 20.0, "ph": 7.0}, {"nitrate": 25.0}) == ["nitrate: +5.0 ppm"]


def test_fmt():
    assert fmt(7.456, "pH", digits=2) == "7.46 pH"
    assert fmt(3, "dKH", signed=True) == "+3.0 dKH"
