from heading import compass_point, normalize, reciprocal, turn


def test_normalize_wraps_full_circles():
    assert normalize(370) == 10
    assert normalize(45) == 45


def test_a_small_turn_to_starboard():
    assert turn(10, 40) == 30


def test_compass_points():
    assert compass_point(0) == "N"
    assert compass_point(44) == "NE"


def test_turning_through_north_to_port():
    assert turn(10, 350) == -20


def test_reciprocal():
    assert reciprocal(90) == 270
