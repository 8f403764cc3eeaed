from observing import Log


def test_an_observers_objects_over_the_summer():
    log = Log("Dark Sky Club")
    log.add("Tao", "2026-07-02", "Rosette NGC 2237 low, M 1 faint")
    log.add("Tao", "2026-07-09", "Veil NGC 6960 and NGC 6992, M1 again")
    log.add("Uli", "2026-07-09", "NGC 253 from the south field")
    assert log.by_observer("Tao") == ["M 1", "NGC 2237", "NGC 6960", "NGC 6992"]
    assert log.tally()["M 1"] == 2
