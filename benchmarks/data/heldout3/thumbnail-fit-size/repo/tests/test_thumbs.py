import pytest

from thumbs import aspect, fit, srcset


def test_small_photos_keep_their_size():
    assert fit(80, 60, 100, 100) == (80, 60)


def test_sizes_must_be_positive():
    with pytest.raises(ValueError):
        fit(0, 10, 100, 100)


def test_aspect():
    assert aspect(1920, 1080) == "16:9"


def test_an_exact_scale():
    assert fit(400, 200, 100, 100) == (100, 50)


def test_a_wide_photo():
    assert fit(1920, 1080, 100, 100) == (100, 56)


def test_srcset_drops_repeats():
    assert srcset(1920, 1080, [(100, 100), (100, 80)]) == "thumb-100x56.jpg 100w"
