from postage import band, postage_cents


def test_just_over_five_kilos_is_large():
    assert band(5.01) == "large"
    assert band(5.5) == "large"


def test_five_kilos_abroad():
    assert postage_cents(5, "world") == 1896
