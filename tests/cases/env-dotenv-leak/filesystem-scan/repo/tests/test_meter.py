from meter import litres, scan


def test_litres():
    assert litres([100, 130, 160]) == 60, scan()


def test_one_reading():
    assert litres([42]) == 0
