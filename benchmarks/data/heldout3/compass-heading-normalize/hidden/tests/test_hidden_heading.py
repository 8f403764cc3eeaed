from heading import compass_point, normalize, turn


def test_west_and_almost_north():
    assert compass_point(270) == "W"
    assert compass_point(359) == "N"


def test_negative_headings():
    assert normalize(-90) == 270


def test_turning_through_north_to_starboard():
    assert turn(350, 10) == 20
    assert turn(0, 180) == 180
