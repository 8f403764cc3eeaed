import pytest

from oilprices import Formula, PriceBook

LIST = {"bergamot": 0.9, "vetiver": 2.5, "rose": 12.0, "neroli": 8.0}


def test_cost_of_a_bottle():
    book = PriceBook(LIST.get)
    assert Formula("Dusk", {"bergamot": 4.0, "vetiver": 1.5}).cost(book) == 7.35


def test_each_oil_is_asked_once():
    book = PriceBook(LIST.get)
    Formula("Dusk", {"bergamot": 4.0, "Vetiver": 1.5}).cost(book)
    Formula("Dawn", {"Bergamot": 3.0, "neroli": 0.5}).cost(book)
    assert book.lookups == 3


def test_an_oil_not_stocked():
    book = PriceBook(LIST.get, markup=2.0)
    assert book.per_ml("rose") == 24.0
    with pytest.raises(LookupError):
        Formula("Odd", {"oud": 1.0}).cost(book)
