import pytest

from tiles import tile_of, tile_url, tiles_covering


def test_tile_url():
    assert tile_url(3, 4, 12) == "/tiles/12/3/4.png"


def test_tile_corners():
    assert tile_of(0, 0) == (0, 0)
    assert tile_of(512, 256) == (2, 1)


def test_a_view_must_have_a_size():
    with pytest.raises(ValueError):
        tiles_covering(0, 0, 0, 10)


def test_a_pixel_inside_a_tile():
    assert tile_of(300, 700) == (1, 2)


def test_a_view_across_two_tiles():
    assert tiles_covering(200, 0, 100, 100) == [(0, 0), (1, 0)]
