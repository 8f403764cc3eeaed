import pytest
from calc import add, mul


def test_mul():
    assert mul(2, 3) == 6


@pytest.mark.parametrize(("a", "b", "want"), [(2, 3, 5), (0, 4, 4)])
def test_add(a, b, want):
    assert add(a, b) == want
