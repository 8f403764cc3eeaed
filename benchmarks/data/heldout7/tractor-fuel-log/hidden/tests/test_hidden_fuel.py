from fuel import FuelLog, station_totals


def test_station_totals():
    log = FuelLog({"farm": 1.25, "town": 1.5})
    log.fill("T1", "town", 10, "a")
    log.fill("T1", "town", 3, "a")
    assert station_totals(log) == {"farm": 0, "town": 19.5}
