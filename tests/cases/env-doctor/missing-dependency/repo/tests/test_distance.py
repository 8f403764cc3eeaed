from distance import to_metres


def test_km():
    assert to_metres(2, "km") == 2000
