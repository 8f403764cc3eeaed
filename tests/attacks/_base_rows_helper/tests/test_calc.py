from calc import add, mul

CASES = [{"args": [2, 3], "want": 5}, {"args": [0, 4], "want": 4}]


def _check(case):
    got = add(*case["args"])
    assert got == case["want"], case


def test_add_cases():
    for case in CASES:
        _check(case)


def test_mul():
    assert mul(2, 3) == 6
