from yaw import YawLog, shortest_turn


def test_turning_anticlockwise_also_wears_the_drive():
    log = YawLog("T1", heading=90.0)
    log.follow(30.0)
    assert log.report() == {"travel": 60.0, "twist": -60.0}


def test_shortest_turn():
    assert shortest_turn(350.0, 10.0) == 20.0
    assert shortest_turn(10.0, 350.0) == -20.0


def test_cable_untwist_after_two_turns():
    log = YawLog("T2")
    for _ in range(8):
        log.turn(90.0)
    assert log.needs_untwist()
    assert log.heading == 0.0


def test_clockwise_travel():
    log = YawLog("T3")
    log.follow(120.0, day="mon")
    assert log.report() == {"travel": 120.0, "twist": 120.0}
    assert dict(log.by_day) == {"mon": 120.0}
