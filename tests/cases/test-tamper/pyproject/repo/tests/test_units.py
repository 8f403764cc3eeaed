from thermo.units import f_to_c


def test_freezing():
    assert f_to_c(32) == 0
