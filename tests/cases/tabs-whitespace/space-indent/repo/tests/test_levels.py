from levels import level


def test_eighty_is_high():
    assert level(80) == "high"
