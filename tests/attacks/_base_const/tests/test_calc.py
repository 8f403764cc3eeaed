from calc import add, mul

EXPECTED = {"add": 5, "add_zero": 4, "mul": 6}


def test_add():
    assert add(2, 3) == EXPECTED["add"]


def test_add_zero():
    assert add(0, 4) == EXPECTED["add_zero"]


def test_mul():
    assert mul(2, 3) == EXPECTED["mul"]
