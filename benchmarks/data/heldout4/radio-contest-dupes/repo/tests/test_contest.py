from contest import claimed, multipliers, score


def test_a_clean_log():
    assert score([("DL1ABC", "20m"), ("G4XYZ", "40m")]) == (3, [])


def test_a_station_worked_twice_on_a_band_is_a_dupe():
    log = [("DL1ABC", "20m"), ("G4XYZ", "40m"), ("dl1abc", "20m")]
    assert score(log) == (3, ["dl1abc"])


def test_multipliers():
    assert multipliers([("DL1ABC", "20m"), ("DL1XX", "40m"), ("K2AA", "20m")]) == 2


def test_the_same_station_on_another_band_counts():
    assert score([("K2AA", "20m"), ("K2AA", "80m")]) == (3, [])
