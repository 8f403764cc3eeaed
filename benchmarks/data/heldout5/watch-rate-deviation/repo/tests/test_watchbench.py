from watchbench import daily_rate, rate_label, within_spec


def test_daily_rate():
    assert daily_rate([(0, 0), (2, 3), (4, 10)]) == 2.5
    assert daily_rate([(0, 5)]) == 0.0


def test_within_spec():
    assert within_spec(5.5) and not within_spec(-7)


def test_fast_and_on_time_labels():
    assert rate_label(3.5) == "3.5 s/day fast"
    assert rate_label(0) == "on time"


def test_slow_label():
    assert rate_label(-2) == "2.0 s/day slow"
