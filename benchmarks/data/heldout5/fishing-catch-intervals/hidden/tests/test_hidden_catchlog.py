from catchlog import CatchLog


def test_single_catch_at_the_start():
    log = CatchLog("Fay")
    log.add(0, 410)
    assert log.mean_gap() is None
    log.add(90, 380)
    assert log.mean_gap() == 90.0
