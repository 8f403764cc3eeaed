from climbs import Climb, Fix, best_climb, thermals

FLIGHT = [Fix(0, 600), Fix(20, 640), Fix(40, 690), Fix(60, 680), Fix(80, 700), Fix(100, 760)]


def test_a_climb_of_one_fix_has_no_rate():
    climb = Climb()
    climb.add(Fix(30, 820.0))
    assert climb.rate == 0.0


def test_an_empty_climb_has_no_rate():
    assert Climb().rate == 0.0 and Climb().gain_m == 0.0


def test_a_flight_splits_into_its_thermals():
    assert [[f.seconds for f in c.fixes] for c in thermals(FLIGHT)] == [[0, 20, 40], [60, 80, 100]]


def test_the_best_climb_of_a_flight():
    assert best_climb(FLIGHT) == 2.25
