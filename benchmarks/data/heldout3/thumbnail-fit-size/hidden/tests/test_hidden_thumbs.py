from thumbs import fit, srcset


def test_heights_round_to_the_nearest_pixel():
    assert fit(1920, 1080, 250, 250) == (250, 141)


def test_srcset_widest_first():
    assert srcset(3000, 2000, [(150, 150), (300, 300)]) == (
        "thumb-300x200.jpg 300w, thumb-150x100.jpg 150w"
    )
