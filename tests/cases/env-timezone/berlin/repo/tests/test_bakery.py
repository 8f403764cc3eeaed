from bakery import loaves, opening_time


def test_opening_time_on_local_clock():
    # the bakery's team runs the tests with TZ=Europe/Berlin (summer time: UTC+2)
    assert opening_time() == "07:00"


def test_loaves():
    assert loaves(3) == 36
