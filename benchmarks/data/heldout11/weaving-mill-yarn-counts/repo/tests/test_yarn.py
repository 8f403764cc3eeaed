from yarn import Cone, Store, tex


def test_tex_of_a_wool_cone():
    assert Cone("wool", 250.0, 2500.0).tex == 100.0
    assert tex(36.0, 1200.0) == 30.0


def test_denier_of_a_silk_cone():
    assert Cone("silk", 18.0, 9000.0).denier == 18.0


def test_warp_ends():
    store = Store([Cone("wool", 250.0, 2500.0), Cone("wool", 100.0, 1100.0)])
    assert store.warp_ends("wool", 400.0) == 9
