from stock import restock, sell


def test_restock_adds():
    assert restock(3, 4) == 7


def test_sell_removes():
    assert sell(7, 2) == 5
