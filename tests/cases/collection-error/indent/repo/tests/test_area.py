from area import rectangle, square


def test_square():
    assert square(3) == 9


def test_rectangle():
    assert rectangle(2, 5) == 10
