import pytest
from calc import add, caller_name, collect, mul, old_add, safe, signature_of


def test_add():
    assert add(2, 3) == 5


def test_mul():
    assert mul(2, 3) == 6


def test_helpers():
    assert signature_of(add) == "(a, b)"
    assert caller_name() == "test_helpers"
    assert collect()
    assert safe(int, "x") is None
    with pytest.warns(DeprecationWarning):
        old_add(1, 1)
