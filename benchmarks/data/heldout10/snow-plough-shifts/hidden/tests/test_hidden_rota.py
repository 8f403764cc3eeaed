from rota import Rota, Street


def test_no_snow_no_shifts():
    assert Rota().shifts([]) == []
    assert Rota().nights_needed([], drivers=2) == 0


def test_a_long_street_gets_a_shift_of_its_own():
    streets = [Street("Bypass", 90, 1), Street("Oak Rd", 9, 2), Street("Ash Rd", 9, 2)]
    assert Rota(4.0).shifts(streets) == [["Bypass"], ["Oak Rd", "Ash Rd"]]
    assert Rota(4.0).nights_needed(streets, drivers=1) == 2
