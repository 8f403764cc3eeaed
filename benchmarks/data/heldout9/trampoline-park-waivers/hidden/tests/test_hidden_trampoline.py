from datetime import date

from trampoline import Jumper, Session

DAY = date(2026, 8, 1)


def test_a_session_is_ready_when_every_waiver_is_signed():
    session = Session(DAY, "12:00", 3)
    session.join(Jumper("Eve", date(1980, 1, 1), waiver_signed=True))
    session.join(Jumper("Fay", date(2016, 1, 1), waiver_signed=True, guardian="Eve"))
    assert session.missing_waivers() == []
    assert session.ready()


def test_one_unsigned_waiver_holds_the_session():
    session = Session(DAY, "12:00", 3)
    session.join(Jumper("Gus", date(1980, 1, 1), waiver_signed=True))
    session.join(Jumper("Hal", date(1982, 1, 1)))
    assert not session.ready()
