from meter import Session, fine_cents, minutes_left, top_up


def test_paid_time_and_minutes_left():
    s = Session("KA-1", started=600, paid_cents=480)
    assert s.expires_at() == 720
    assert minutes_left(s, 700) == 20


def test_fines_after_the_grace_period():
    s = Session("KA-2", started=600, paid_cents=240)
    assert fine_cents(s, 663) == 0
    assert fine_cents(s, 675) == 1500
    assert fine_cents(s, 690) == 1600


def test_top_up_keeps_unused_time():
    s = Session("KA-3", started=600, paid_cents=240)
    assert top_up(s, 630, 120).expires_at() == 630 + 30 + 30


def test_expired_session_has_no_minutes_left():
    s = Session("KA-4", started=600, paid_cents=120)
    assert minutes_left(s, 700) == 0
