from weighin import WeighIn


def test_light_and_heavy_boxers():
    w = WeighIn()
    assert w.division(50.2) == "flyweight"
    assert w.division(92) == "heavyweight"


def test_middle_divisions():
    w = WeighIn()
    assert w.division(55.4) == "featherweight"
    assert w.division(63.5) == "lightweight"
    assert w.division(70) == "welterweight"


def test_roster():
    w = WeighIn()
    w.record("Ann", 60.1)
    w.record("Bo", 75)
    w.record("Cy", 62)
    assert w.roster("lightweight") == ["Ann", "Cy"]


def test_exactly_at_the_feather_limit():
    assert WeighIn().record("Di", 57) == ("Di", "featherweight")
