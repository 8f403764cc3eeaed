from levels import level


def test_eighty_is_high():
    assert level(80) == "high"


def test_mid_and_low():
    assert (level(60), level(10)) == ("mid", "low")
