from datetime import date

from hut import Booking, Hut


def test_a_one_night_stay_is_confirmed_in_the_singular():
    hut = Hut("Cabane Bleue", 12)
    text = hut.book(Booking("Yves", date(2026, 9, 30), 1, 2, member=True))
    assert text == "Cabane Bleue: 2 bunks for Yves, 1 night (30.09.-01.10.), 100.00 EUR"
    assert hut.free_on(date(2026, 9, 30)) == 10
