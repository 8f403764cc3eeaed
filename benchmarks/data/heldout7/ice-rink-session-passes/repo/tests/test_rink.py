import pytest
from rink import SessionPass, busiest, monthly_statement


def test_short_session_adds_no_overtime():
    p = SessionPass("Ana")
    p.record(45)
    assert p.overtime_minutes == 0
    assert p.overtime_charge() == 0.0


def test_long_then_short_session_keeps_the_overtime():
    p = SessionPass("Ben")
    p.record(90)
    p.record(30)
    assert p.overtime_blocks() == 2


def test_overtime_in_started_blocks():
    p = SessionPass("Cy", included=30)
    p.record(46)
    assert p.overtime_blocks() == 2
    assert p.overtime_charge() == 5.0


def test_negative_length_refused():
    with pytest.raises(ValueError):
        SessionPass("Di").record(-5)


def test_busiest_and_statement_order():
    a, b = SessionPass("Zoe"), SessionPass("Al")
    a.record(120)
    b.record(20)
    assert busiest([a, b]) == "Zoe"
    assert monthly_statement([a, b])[0].startswith("Al: 1 sessions, 20 min")
