from checkout import Checkout


class Shelf:
    def __init__(self, products):
        self.products = dict(products)
        self.calls = 0

    def fetch(self, barcode):
        self.calls += 1
        return self.products.get(barcode)


def test_a_basket_of_repeats_fetches_each_product_once():
    shelf = Shelf({"1": ("Tea", 3.1), "2": ("Jam", 2.0)})
    till = Checkout(shelf)
    for code in ("1", "2", "1", "1", "2"):
        till.scan(code)
    assert shelf.calls == 2 and till.total() == 13.3


def test_a_barcode_unknown_at_first_is_found_once_the_catalogue_has_it():
    shelf = Shelf({})
    till = Checkout(shelf)
    try:
        till.scan("9")
    except LookupError:
        pass
    shelf.products["9"] = ("Eggs", 2.2)
    till.scan("9")
    till.scan("9")
    assert till.total() == 4.4 and shelf.calls == 2
