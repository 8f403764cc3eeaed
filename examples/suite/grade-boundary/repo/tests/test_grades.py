from grades import letter


def test_ninety_is_an_a():
    assert letter(90) == "A"


def test_b_range():
    assert letter(85) == "B"
