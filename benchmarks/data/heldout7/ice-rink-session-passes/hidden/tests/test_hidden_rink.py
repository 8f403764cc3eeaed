from rink import SessionPass, monthly_statement


def test_statement_of_short_sessions_only():
    p = SessionPass("Eve", included=45)
    p.record(10)
    p.record(44)
    assert monthly_statement([p]) == ["Eve: 2 sessions, 54 min, overtime 0.00"]


def test_exactly_the_included_minutes():
    p = SessionPass("Flo", included=50)
    p.record(50)
    p.record(51)
    assert p.overtime_minutes == 1
    assert p.overtime_blocks() == 1
