from datetime import date

import pytest

from bookclub import BookClub


def club():
    c = BookClub("Tuesday Readers")
    for person in ("Ann", "Bo", "Cas"):
        c.join(person)
    c.schedule(date(2026, 3, 10), "Middlemarch", "Ann")
    c.schedule(date(2026, 2, 10), "Persuasion", "Bo")
    return c


def test_the_notice_counts_the_members():
    line = club().notice(date(2026, 2, 1))
    assert line == "Tuesday Readers (3 members): next up Persuasion on 10 Feb"


def test_the_next_meeting_is_the_earliest_still_to_come():
    assert club().next_meeting(date(2026, 2, 11)).book == "Middlemarch"


def test_only_a_member_hosts():
    with pytest.raises(ValueError):
        club().schedule(date(2026, 4, 14), "Emma", "Dot")


def test_a_member_joins_once():
    with pytest.raises(ValueError):
        club().join("Bo")
