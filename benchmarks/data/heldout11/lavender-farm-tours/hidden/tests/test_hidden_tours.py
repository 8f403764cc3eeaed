from datetime import date

from tours import Tour, places_on


def test_places_on_a_date():
    tours = [Tour("a", 0b0000001, 12), Tour("b", 0b0000011, 8), Tour("c", 0b0100000, 30)]
    assert places_on(tours, date(2026, 6, 2)) == 8
    assert places_on(tours, date(2026, 6, 1)) == 20
    assert places_on(tours, date(2026, 6, 6)) == 30
    assert not Tour("none").runs_on(date(2026, 6, 3))
