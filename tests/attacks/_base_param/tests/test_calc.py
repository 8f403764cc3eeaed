import pytest
from calc import add, mul

CASES = [(2, 3, 5), (0, 4, 4), (-1, 1, 0), (10, 5, 15)]
IDS = ["two plus three", "zero::four", "négatif", "a/b[c]"]


@pytest.mark.parametrize(("a", "b", "want"), CASES, ids=IDS)
def test_add(a, b, want):
    assert add(a, b) == want


@pytest.mark.parametrize("a, b", [(2, 3), (1.5, 2)])
def test_mul(a, b):
    assert mul(a, b) == a * b


class TestAddTwice:
    @pytest.mark.parametrize("n", range(3))
    def test_add_n(self, n):
        assert add(n, n) == 2 * n
