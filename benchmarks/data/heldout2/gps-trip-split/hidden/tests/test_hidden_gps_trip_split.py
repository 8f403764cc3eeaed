from trips import Fix, split_trips


def test_one_continuous_drive_is_one_trip():
    fixes = [Fix(t, 0.0, t / 1000) for t in range(0, 1200, 120)]
    assert split_trips(fixes) == [fixes]


def test_the_last_trip_keeps_all_its_fixes():
    fixes = [Fix(0, 0, 0), Fix(1000, 0, 1), Fix(1100, 0, 2), Fix(1200, 0, 3)]
    assert split_trips(fixes, max_gap_s=600) == [fixes[:1], fixes[1:]]
