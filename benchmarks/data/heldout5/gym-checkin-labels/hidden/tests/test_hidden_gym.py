from datetime import date

from gym import labels


def test_no_checkins_at_all():
    assert labels(["di", "ed"], [], date(2026, 1, 1)) == {"di": "never", "ed": "never"}


def test_yesterday_and_never():
    checkins = [("fay", date(2026, 1, 31))]
    assert labels(["fay", "gus"], checkins, date(2026, 2, 1)) == {"fay": "yesterday", "gus": "never"}
