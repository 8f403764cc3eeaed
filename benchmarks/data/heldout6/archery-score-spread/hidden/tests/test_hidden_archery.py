from archery import sheet, spread


def test_single_score():
    assert spread([57]) == 0.0


def test_two_ends():
    s = sheet([["10", "10", "10"], ["8", "8", "8"]])
    assert s["spread"] == 4.24
    assert s["xs"] == 0
