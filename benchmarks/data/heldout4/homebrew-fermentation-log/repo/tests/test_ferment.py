from ferment import abv, attenuation, hours_between, stable

DAY = 86400


def test_hours_between_two_readings():
    assert hours_between(1000, 1000 + 5400) == 1.5


def test_attenuation_and_abv():
    assert attenuation(1.050, 1.010) == 80.0
    assert abv(1.050, 1.010) == 5.25


def test_a_log_shorter_than_the_window_is_not_stable():
    assert not stable([(0, 1.050), (3600, 1.049)])


def test_stable_after_two_quiet_days():
    log = [(0, 1.050), (DAY, 1.020), (2 * DAY, 1.012), (3 * DAY, 1.0115), (4 * DAY, 1.0112)]
    assert stable(log)
