from callouts import Callout, Log


def test_a_daytime_callout():
    log = Log([Callout("2026-11", "10:15", "14:45", ("Ann", "Rob"))])
    assert log.hours(log.callouts[0]) == 4.5


def test_a_search_past_midnight():
    log = Log([
        Callout("2026-11", "21:30", "02:15", ("Ann", "Rob")),
        Callout("2026-11", "13:00", "15:00", ("Ann",)),
    ])
    assert log.member_hours() == {"Ann": 6.75, "Rob": 4.75}


def test_per_month():
    log = Log([Callout("2026-11", "10:00", "11:00", ()), Callout("2026-10", "09:00", "09:30", ())])
    assert log.per_month() == {"2026-10": 1, "2026-11": 1}
