from tiles import tile_of, tiles_covering


def test_negative_pixels():
    assert tile_of(-10, 5) == (-1, 0)


def test_a_view_around_the_origin():
    assert tiles_covering(-100, -100, 200, 200) == [(-1, -1), (0, -1), (-1, 0), (0, 0)]
