from skates import give_back, in_stock, parse_rack, rent


def test_parse_rack():
    assert parse_rack("38:2 38.5:0 39:1") == {38.0: 2, 38.5: 0, 39.0: 1}


def test_give_back():
    rack = parse_rack("40:1")
    give_back(rack, 40.0)
    give_back(rack, 41.0)
    assert rack == {40.0: 2, 41.0: 1} and in_stock(rack) == 3


def test_no_pair_left():
    rack = parse_rack("40:0 40.5:0 41:0")
    assert rent(rack, 40.0) is None


def test_rent_the_exact_size():
    rack = parse_rack("38:2 38.5:1 39:1")
    assert rent(rack, 38.0) == 38.0
    assert rack == {38.0: 1, 38.5: 1, 39.0: 1}
