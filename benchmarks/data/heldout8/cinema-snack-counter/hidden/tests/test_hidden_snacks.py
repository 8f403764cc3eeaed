import pytest

from snacks import OutOfStock, SnackCounter


def test_selling_more_than_is_left_raises_and_keeps_the_stock():
    c = SnackCounter({"nachos": 5.0})
    c.deliver("nachos", 2)
    with pytest.raises(OutOfStock):
        c.sell("nachos", 3)
    assert c.stock["nachos"] == 2 and c.sold["nachos"] == 0


def test_the_last_items_can_be_sold():
    c = SnackCounter({"cola": 2.75})
    c.deliver("cola", 3)
    assert c.sell("cola", 3) == 8.25 and c.stock["cola"] == 0
