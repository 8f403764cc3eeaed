from sauna import Session, Stove, describe


def test_curve_stops_at_the_thermostat():
    assert Stove(20.0, 2.0, 90.0).curve(50, step=10) == [20.0, 40.0, 60.0, 80.0, 90.0, 90.0]


def test_peak_is_the_thermostat():
    assert Session(Stove(20.0, 2.0, 90.0), 2).peak(60) == 90.0


def test_ready_after():
    s = Stove(20.0, 1.5, 90.0)
    assert s.ready_after(80.0) == 40
    assert s.ready_after(95.0) is None


def test_describe():
    assert describe(Stove(18.0, 2.5, 85.0)) == "18 -> 85 C at 2.5 C/min"
