from weighin import WeighIn


def test_limit_with_the_kit_allowance():
    assert WeighIn(allowance_kg=0.5).division(57.5) == "featherweight"


def test_just_over_the_limit():
    assert WeighIn().division(57.05) == "lightweight"
    assert WeighIn().division(51.0) == "flyweight"
