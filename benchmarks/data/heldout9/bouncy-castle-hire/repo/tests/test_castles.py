import pytest

from castles import Castle, Weekend, hire_price

DRAGON = Castle("Dragon", 40.0)


def test_further_hours_are_half_price():
    assert hire_price(40.0, 3) == 80.0
    assert hire_price(40.0, 2.5) == 80.0


def test_a_castle_is_booked_once():
    weekend = Weekend("Nia")
    weekend.book(DRAGON, 2, "1 Mill Lane")
    with pytest.raises(ValueError):
        weekend.book(DRAGON, 3, "9 Oak Road")
    assert weekend.generators() == 1


def test_the_invoice_adds_the_delivery():
    weekend = Weekend("Oli")
    weekend.book(DRAGON, 3, "4 Quay Street")
    assert weekend.invoice() == 105.0
