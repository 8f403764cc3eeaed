from meter import Session, minutes_left, top_up


def test_top_up_after_expiry_starts_from_now():
    s = Session("KB-1", started=480, paid_cents=240)
    renewed = top_up(s, 900, 480)
    assert renewed.paid_cents == 480 and renewed.expires_at() == 1020


def test_exactly_at_expiry():
    s = Session("KB-2", started=0, paid_cents=240)
    assert minutes_left(s, 60) == 0 and minutes_left(s, 61) == 0
