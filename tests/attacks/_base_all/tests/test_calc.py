from calc import add, mul

CASES = [(2, 3, 5), (0, 4, 4)]


def test_add_all_cases():
    assert all(add(a, b) == want for a, b, want in CASES)


def test_mul():
    assert mul(2, 3) == 6
