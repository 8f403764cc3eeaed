from skates import in_stock, parse_rack, rent


def test_half_a_size_up():
    rack = parse_rack("42:0 42.5:1 43:3")
    assert rent(rack, 42.0) == 42.5
    assert in_stock(rack) == 3


def test_no_size_up_when_asked_not_to():
    rack = parse_rack("36:0 36.5:2")
    assert rent(rack, 36.0, size_up=False) is None
    assert rent(rack, 36.5, size_up=False) == 36.5 and in_stock(rack) == 1
