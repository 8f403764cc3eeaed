from ferry import free_space, next_lane


def test_free_space_after_departures():
    events = [("board", "C")] * 8 + [("leave", "C")] * 3
    assert free_space(events) == {"A": 12, "B": 12, "C": 3}


def test_next_lane_after_departures():
    events = [("board", "A")] * 2 + [("board", "B")] * 3 + [("leave", "B")] * 2
    assert next_lane(events) == "B"
