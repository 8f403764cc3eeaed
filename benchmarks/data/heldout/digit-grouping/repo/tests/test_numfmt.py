import pytest

from numfmt import format_count, group_digits, parse_grouped


def test_small_numbers_are_unchanged():
    assert group_digits(7) == "7"
    assert group_digits(-4) == "-4"


def test_parse_grouped():
    assert parse_grouped("1,234,567") == 1234567
    with pytest.raises(ValueError):
        parse_grouped("12,34")


def test_singular():
    assert format_count(1, "file") == "1 file"


def test_thousands_are_grouped():
    assert group_digits(1234567) == "1,234,567"
    assert format_count(1200, "box", plural="boxes") == "1,200 boxes"
