from ferment import hours_between, stable

DAY = 86400


def test_still_fermenting_over_the_window():
    log = [(0, 1.060), (DAY, 1.040), (2 * DAY, 1.025), (2 * DAY + 3600, 1.024)]
    assert not stable(log)


def test_a_day_in_hours():
    assert hours_between(0, DAY) == 24.0
