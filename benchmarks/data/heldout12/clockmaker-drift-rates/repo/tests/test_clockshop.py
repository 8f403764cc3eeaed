from clockshop import Clock, Workshop


def test_drift_per_hour():
    assert round(Clock("Ames", "Comtoise", 10).drift_s("hour"), 3) == 0.036


def test_drift_per_day():
    assert round(Clock("Ames", "Comtoise", 10).drift_s(), 3) == 0.864


def test_which_clocks_to_regulate():
    shop = Workshop()
    shop.take_in(Clock("Ames", "Comtoise", 60))
    shop.take_in(Clock("Baker", "Vienna regulator", 40))
    shop.take_in(Clock("Cole", "Carriage clock", -55))
    assert shop.to_regulate() == ["Ames", "Cole"]
