from datetime import date

import pytest

from hut import Booking, Hut


def test_a_booking_is_confirmed():
    hut = Hut("Rifugio Alto", 20)
    text = hut.book(Booking("Vera", date(2026, 7, 14), 2, 3))
    assert text == "Rifugio Alto: 3 bunks for Vera, 2 nights (14.07.-16.07.), 366.00 EUR"


def test_a_full_hut_refuses_the_booking():
    hut = Hut("Rifugio Alto", 4, {date(2026, 7, 15): 3})
    with pytest.raises(ValueError):
        hut.book(Booking("Walt", date(2026, 7, 14), 2, 2))


def test_members_pay_less():
    hut = Hut("Rifugio Alto", 20)
    assert hut.price(Booking("Xan", date(2026, 8, 1), 1, 2, member=True)) == 100.0


def test_free_bunks_per_night():
    hut = Hut("Rifugio Alto", 20, {date(2026, 8, 1): 15})
    assert (hut.free_on(date(2026, 8, 1)), hut.free_on(date(2026, 8, 2))) == (5, 20)
