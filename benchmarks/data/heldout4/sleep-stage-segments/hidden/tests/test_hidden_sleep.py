from sleep import longest_deep, segments, totals


def test_an_empty_night():
    assert segments("") == []
    assert totals("") == {}


def test_a_night_ending_in_deep_sleep():
    assert longest_deep("LDDLDDD") == 3


def test_one_minute():
    assert segments("R") == [("R", 1)]
