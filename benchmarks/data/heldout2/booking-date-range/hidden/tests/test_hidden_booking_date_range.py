from stays import nights


def test_european_stay_with_a_day_past_twelve():
    assert nights("14/08/2026 to 21/08/2026", dayfirst=True) == 7


def test_european_stay_over_new_year():
    assert nights("30-12-2026 to 02-01-2027", dayfirst=True) == 3
