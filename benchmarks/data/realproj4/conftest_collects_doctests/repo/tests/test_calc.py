from calc import double


def test_double():
    assert double(3) == 6
