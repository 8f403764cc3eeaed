import pytest

from snacks import OutOfStock, SnackCounter

PRICES = {"popcorn": 4.5, "nachos": 5.0, "cola": 2.75}


def counter():
    c = SnackCounter(PRICES)
    c.deliver("nachos", 12)
    c.deliver("cola", 30)
    return c


def test_no_popcorn_left_cannot_be_sold():
    c = counter()
    with pytest.raises(OutOfStock):
        c.sell("popcorn")
    assert c.takings == 0.0


def test_an_order_adds_up():
    c = counter()
    assert c.sell_order({"nachos": 2, "cola": 3}) == 18.25 and c.stock["cola"] == 27


def test_the_reorder_list_has_the_items_running_low():
    c = counter()
    c.sell("nachos", 3)
    assert c.reorder() == ["nachos", "popcorn"]


def test_the_best_seller():
    c = counter()
    c.sell("cola", 2)
    c.sell("nachos")
    assert c.best_seller() == "cola"
