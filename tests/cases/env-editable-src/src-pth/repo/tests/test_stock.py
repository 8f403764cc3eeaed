from stockroom import in_stock


def test_in_stock_counts_single_pieces():
    assert in_stock({"pen": 1, "ink": 0, "pad": 4}) == 2


def test_empty():
    assert in_stock({}) == 0
