from banner import width


def test_width():
    assert width() == 80
