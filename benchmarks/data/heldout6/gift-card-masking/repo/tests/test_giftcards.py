import pytest

from giftcards import BadCardNumber, grouped, luhn_ok, masked


def test_grouped():
    assert grouped("4000-0012-3456-7899") == "4000 0012 3456 7899"


def test_luhn():
    assert luhn_ok("4000001234567899")
    assert not luhn_ok("4000001234567890")


def test_bad_number():
    with pytest.raises(BadCardNumber):
        masked("4000 0012 3456 789")


def test_masked_shows_the_last_four_digits():
    assert masked("4000 0012 3456 7899") == "**** **** **** 7899"
