from units import convert


def test_km_to_m():
    assert convert(2, "km", "m") == 2000


def test_cm_to_m():
    assert convert(300, "cm", "m") == 3
