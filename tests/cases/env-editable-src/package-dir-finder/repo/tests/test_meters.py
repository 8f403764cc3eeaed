from meters import used


def test_used():
    assert used(100, 160) == 60


def test_same_reading():
    assert used(5, 5) == 0
