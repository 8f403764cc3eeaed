from rental import can_rent


def test_too_young_with_license():
    assert can_rent(18, True) is False


def test_adult_with_license():
    assert can_rent(30, True) is True
