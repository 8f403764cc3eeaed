from meter import Meter


def test_long_expired_meter_shows_zero():
    m = Meter(cents_per_hour=100)
    m.pay(now=0, cents=100)
    assert m.seconds_left(50000) == 0
    assert m.display(50000) == "0:00:00"


def test_never_paid_meter_shows_zero():
    assert Meter(cents_per_hour=100).seconds_left(1_700_000_000) == 0


def test_paying_after_expiry_starts_now():
    m = Meter(cents_per_hour=60)
    m.pay(now=0, cents=10)
    m.pay(now=7200, cents=60)
    assert m.seconds_left(7200) == 3600
    assert m.display(9000) == "0:30:00"


def test_exactly_at_expiry():
    m = Meter(cents_per_hour=100)
    m.pay(now=100, cents=100)
    assert m.seconds_left(3700) == 0
