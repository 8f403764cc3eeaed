from rental import can_rent


def test_adult_without_license():
    assert can_rent(30, False) is False


def test_exactly_minimum_age():
    assert can_rent(21, True) is True


def test_one_year_short():
    assert can_rent(20, True) is False


def test_young_without_license():
    assert can_rent(16, False) is False
