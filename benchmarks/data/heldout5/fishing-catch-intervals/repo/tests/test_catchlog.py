from catchlog import CatchLog, standings


def test_totals_and_standings():
    a, b = CatchLog("Ann"), CatchLog("Bo")
    a.add(10, 800)
    b.add(5, 500)
    b.add(30, 700)
    assert (a.total_grams(), b.biggest()) == (800, 700)
    assert standings([a, b]) == ["Bo", "Ann"]


def test_mean_gap():
    log = CatchLog("Cy")
    for minute in (40, 10, 25):
        log.add(minute, 300)
    assert log.mean_gap() == 15.0


def test_no_catch_yet():
    assert CatchLog("Di").mean_gap() is None


def test_a_single_catch_has_no_gap():
    log = CatchLog("Ed")
    log.add(12, 950)
    assert log.mean_gap() is None
