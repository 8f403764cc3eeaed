from elevation import gain, summary


def test_gain_with_threshold():
    assert gain([100, 101, 104, 103, 110], threshold=2) == 10


def test_summary():
    assert summary([1200, 1350, 1300, 1420, 1380]) == "+270 m / -90 m, highest 1420 m"
