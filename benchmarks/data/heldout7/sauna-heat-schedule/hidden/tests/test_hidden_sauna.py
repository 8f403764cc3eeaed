from sauna import Session, Stove


def test_lower_thermostat():
    assert Stove(22.0, 3.0, 75.0).curve(30, step=10) == [22.0, 52.0, 75.0, 75.0]


def test_ladles_once_hot():
    assert Session(Stove(20.0, 3.0, 72.0), 3).water_ladles(40) == 9
