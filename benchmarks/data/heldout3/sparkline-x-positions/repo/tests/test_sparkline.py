from sparkline import polyline, text, x_positions, y_positions


def test_points_spread_over_the_width():
    assert x_positions(3, 100) == [0, 50, 100]
    assert x_positions(0, 100) == []


def test_y_positions():
    assert y_positions([1, 3, 2], 10) == [10, 0, 5]


def test_text():
    assert text([0, 7]) == "\u2581\u2588"
    assert text([5, 5]) == "\u2581\u2581"


def test_a_single_point_sits_in_the_middle():
    assert x_positions(1, 80) == [40]


def test_a_polyline_of_one_value():
    assert polyline([4], 80, 20) == "40,0"
