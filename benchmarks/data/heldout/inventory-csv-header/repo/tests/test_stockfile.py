import pytest

from stockfile import Item, check_header, parse, stock_value


def test_empty_file():
    assert parse("") == []


def test_header_check():
    check_header("SKU, Quantity, Price")
    with pytest.raises(ValueError):
        check_header("sku,qty")


def test_stock_value():
    assert stock_value([Item("a", 2, 1.25), Item("b", 1, 0.5)]) == 3.0


def test_parse_rows():
    text = "sku,quantity,price\nA-1,3,2.50\nB-7,10,0.99\n"
    assert parse(text) == [Item("A-1", 3, 2.5), Item("B-7", 10, 0.99)]
