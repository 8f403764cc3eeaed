from yaw import YawLog


def test_back_and_forth_adds_up_travel_but_no_twist():
    log = YawLog("T4", heading=0.0)
    log.turn(-90.0, day="tue")
    log.turn(90.0, day="tue")
    assert log.report() == {"travel": 180.0, "twist": 0.0}
    assert dict(log.by_day) == {"tue": 180.0}


def test_service_counts_both_ways():
    log = YawLog("T5")
    for _ in range(250):
        log.turn(-100.0)
        log.turn(100.0)
    assert log.service_due()
    assert not log.needs_untwist()
