import pytest

from checkout import Checkout, UnknownBarcode


class Shelf:
    def __init__(self, products):
        self.products = dict(products)
        self.calls = []

    def fetch(self, barcode):
        self.calls.append(barcode)
        return self.products.get(barcode)


PRODUCTS = {"5000112": ("Milk 1l", 1.15), "4006381": ("Bread", 2.4), "7622210": ("Chocolate", 1.99)}


def test_a_barcode_scanned_again_is_not_fetched_again():
    shelf = Shelf(PRODUCTS)
    till = Checkout(shelf)
    till.scan("5000112")
    till.scan("4006381")
    till.scan("5000112")
    assert shelf.calls == ["5000112", "4006381"]


def test_the_total_counts_every_item():
    till = Checkout(Shelf(PRODUCTS))
    till.scan("5000112", quantity=2)
    till.scan("7622210")
    till.void_last()
    assert till.total() == 2.3


def test_an_unknown_barcode_raises():
    with pytest.raises(UnknownBarcode):
        Checkout(Shelf(PRODUCTS)).scan("0000000")


def test_the_receipt_ends_with_the_total():
    till = Checkout(Shelf(PRODUCTS))
    till.scan("4006381")
    assert till.receipt() == ["Bread          2.40", "TOTAL          2.40"]
