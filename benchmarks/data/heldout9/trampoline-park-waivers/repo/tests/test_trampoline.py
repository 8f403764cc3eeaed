from datetime import date

import pytest

from trampoline import Jumper, Session

DAY = date(2026, 7, 4)


def test_age_counts_the_birthday():
    assert Jumper("Al", date(2008, 7, 4)).age_on(DAY) == 18
    assert Jumper("Al", date(2008, 7, 5)).age_on(DAY) == 17


def test_a_full_session_takes_nobody_else():
    session = Session(DAY, "10:00", 1)
    assert session.join(Jumper("Bea", date(1990, 1, 1)))
    assert not session.join(Jumper("Cal", date(1991, 1, 1)))


def test_a_minor_without_a_guardian_is_refused():
    with pytest.raises(ValueError):
        Session(DAY, "10:00", 5).join(Jumper("Dot", date(2015, 3, 3)))


def test_the_desk_chases_the_unsigned_waivers():
    session = Session(DAY, "11:00", 5)
    session.join(Jumper("Ann", date(1985, 2, 2), waiver_signed=True))
    session.join(Jumper("Ben", date(1988, 5, 5)))
    session.join(Jumper("Cat", date(2014, 9, 9), guardian="Ann"))
    assert session.missing_waivers() == ["Ben", "Cat"]
