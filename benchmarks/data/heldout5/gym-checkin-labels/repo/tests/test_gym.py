from datetime import date

from gym import labels, lapsed, visits_per_member

TODAY = date(2026, 6, 15)
CHECKINS = [("ann", date(2026, 6, 15)), ("bo", date(2026, 6, 1)), ("ann", date(2026, 6, 3))]


def test_visits_per_member():
    assert visits_per_member(CHECKINS) == {"ann": 2, "bo": 1}


def test_lapsed():
    assert lapsed(["ann", "bo", "cy"], CHECKINS, TODAY, after_days=10) == ["bo", "cy"]


def test_labels_of_regulars():
    assert labels(["ann", "bo"], CHECKINS, TODAY) == {"ann": "today", "bo": "14 days ago"}


def test_label_of_a_member_who_never_came():
    assert labels(["bo", "cy"], CHECKINS, TODAY) == {"bo": "14 days ago", "cy": "never"}
