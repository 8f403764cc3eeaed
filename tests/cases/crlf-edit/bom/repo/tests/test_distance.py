from distance import to_km, to_m


def test_to_km():
    assert to_km(2500) == 2.5


def test_round_trip():
    assert to_m(to_km(40)) == 40
