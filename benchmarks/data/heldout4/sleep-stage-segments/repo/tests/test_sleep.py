from sleep import longest_deep, segments, totals


def test_segments_of_a_short_night():
    assert segments("WWLLLDDR") == [("W", 2), ("L", 3), ("D", 2), ("R", 1)]


def test_totals_per_stage():
    assert totals("LLDDDLLW") == {"light": 4, "deep": 3, "awake": 1}


def test_longest_deep_segment():
    assert longest_deep("LDDLDDDDLW") == 4


def test_a_night_without_deep_sleep():
    assert longest_deep("LLLW") == 0
