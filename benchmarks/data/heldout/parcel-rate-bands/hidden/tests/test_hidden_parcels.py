from parcels import cheapest_split, postage


def test_just_above_the_middle_band():
    assert postage(5.01) == 15.00
    assert postage(5.5) == 15.00


def test_heavy_band_limit():
    assert postage(20.0) == 15.00


def test_split_into_middle_band_parcels():
    assert cheapest_split(10.0, 2) == 17.80
