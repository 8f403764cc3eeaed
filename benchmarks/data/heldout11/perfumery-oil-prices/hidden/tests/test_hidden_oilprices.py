from oilprices import Formula, PriceBook


def test_remembered_prices_keep_the_markup():
    book = PriceBook({"rose": 12.0, "iris": 30.0}.get, markup=1.5)
    assert [book.per_ml("rose"), book.per_ml("rose"), book.per_ml(" ROSE")] == [18.0] * 3
    assert Formula("Bloom", {"rose": 1.0, "iris": 0.2}).cost(book) == 27.0
    assert book.lookups == 2


def test_an_oil_stocked_later_is_asked_again():
    stock = {"vetiver": 2.5}
    book = PriceBook(stock.get)
    assert book.per_ml("oud") is None
    stock["oud"] = 40.0
    assert book.per_ml("oud") == 40.0
    book.forget()
    stock["vetiver"] = 3.0
    assert book.per_ml("vetiver") == 3.0
