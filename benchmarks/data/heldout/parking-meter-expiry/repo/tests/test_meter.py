from meter import Meter


def test_paying_buys_time():
    m = Meter(cents_per_hour=200)
    assert m.pay(now=1000, cents=100) == 1000 + 1800
    assert m.seconds_left(1000) == 1800


def test_display_counts_down():
    m = Meter(cents_per_hour=120)
    m.pay(now=0, cents=150)
    assert m.display(60) == "1:14:00"


def test_paid_time_is_capped():
    m = Meter(cents_per_hour=100, max_hours=1)
    m.pay(now=0, cents=500)
    assert m.seconds_left(0) == 3600


def test_overdue_after_grace():
    m = Meter(cents_per_hour=100)
    m.pay(now=0, cents=100)
    assert not m.overdue(3600 + 300)
    assert m.overdue(3600 + 301)


def test_expired_meter_shows_zero():
    m = Meter(cents_per_hour=100)
    m.pay(now=0, cents=50)
    assert m.seconds_left(1801) == 0
    assert m.display(1801) == "0:00:00"
