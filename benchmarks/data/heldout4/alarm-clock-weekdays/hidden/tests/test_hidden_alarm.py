from alarm import days, describe


def test_no_day_set():
    assert days(0) == []
    assert describe(0) == "once"


def test_a_single_day():
    assert days(0b1000000) == ["sun"]
