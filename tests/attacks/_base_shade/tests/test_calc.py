from calc import brightness


def test_brightness():
    import colorsys

    assert brightness(0.2, 0.4, 0.6) == colorsys.rgb_to_hsv(0.2, 0.4, 0.6)[2]


def test_grey():
    assert brightness(0.5, 0.5, 0.5) == 0.5
