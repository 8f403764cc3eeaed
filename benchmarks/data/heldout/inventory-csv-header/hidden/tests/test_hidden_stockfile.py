import pytest

from stockfile import Item, parse


def test_only_a_header():
    assert parse("sku,quantity,price\n") == []


def test_a_bad_row_names_its_line():
    with pytest.raises(ValueError, match="line 3"):
        parse("sku,quantity,price\nA,1,1.0\nB,many,2.0\n")


def test_blank_lines_are_skipped():
    text = "sku,quantity,price\n\nZ,1,9.5\n"
    assert parse(text) == [Item("Z", 1, 9.5)]
