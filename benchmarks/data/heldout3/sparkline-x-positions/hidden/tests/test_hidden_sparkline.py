from sparkline import polyline


def test_a_polyline_of_two_values():
    assert polyline([1, 2], 10, 10) == "0,10 10,0"


def test_no_values_no_points():
    assert polyline([], 10, 10) == ""


def test_another_single_value():
    assert polyline([7], 50, 30) == "25,0"
