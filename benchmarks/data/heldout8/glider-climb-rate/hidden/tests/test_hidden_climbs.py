from climbs import Climb, Fix, thermals


def test_the_rate_of_one_fix_and_of_two():
    climb = Climb([Fix(100, 900.0)])
    assert (climb.rate, climb.gain_m) == (0.0, 0.0)
    climb.add(Fix(140, 950.0))
    assert climb.rate == 1.25


def test_every_thermal_has_a_rate():
    flight = [Fix(0, 500), Fix(10, 503), Fix(20, 515), Fix(30, 514)]
    assert [c.rate for c in thermals(flight, min_rate=1.0)] == [1.2]
