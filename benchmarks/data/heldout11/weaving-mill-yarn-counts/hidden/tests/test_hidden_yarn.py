from yarn import Cone, Store, denier


def test_denier_directly():
    assert denier(3.0, 1000.0) == 27.0
    assert denier(50.0, 4500.0) == 100.0


def test_fine_silk_for_scarves():
    store = Store([Cone("silk", 20.0, 9000.0), Cone("silk", 12.0, 3000.0), Cone("wool", 1.0, 9000.0)])
    assert store.fine_silk() == [0]
    assert store.heaviest() == store.cones[1]
