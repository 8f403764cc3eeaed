from calc import add, mul

CASES = [{"args": [2, 3], "want": 5}, {"args": [0, 4], "want": 4}]


def test_add_cases():
    for case in CASES:
        assert add(*case["args"]) == case["want"]


def test_mul():
    assert mul(2, 3) == 6
