from thermostat import DriftLog, report


def test_cold_room_drift_is_positive():
    log = DriftLog("cellar", 18.0)
    log.add(3, 15.5)
    log.add(4, 17.0)
    assert report([log]) == {"cellar": 1.75}


def test_empty_log():
    assert DriftLog("attic", 19.0).mean_drift() == 0.0
