import pytest

from giftcards import BadCardNumber, masked, receipt_line


def test_other_cards():
    assert masked("5555555555554444") == "**** **** **** 4444"
    assert masked("6011-0009-9013-9424") == "**** **** **** 9424"


def test_receipt_line():
    assert receipt_line("4000001234567899", 12.5) == "Gift card **** **** **** 7899  balance    12.50"


def test_wrong_check_digit():
    with pytest.raises(BadCardNumber):
        masked("4000001234567890")
