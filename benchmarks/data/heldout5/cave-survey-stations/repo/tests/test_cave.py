from cave import build, dead_ends, reachable


def test_build():
    assert build([("E", "1"), ("1", "2")]) == {"E": ["1"], "1": ["E", "2"], "2": ["1"]}


def test_dead_ends():
    assert dead_ends([("E", "1"), ("1", "2"), ("1", "3")]) == ["2", "3", "E"]


def test_a_lone_station():
    assert reachable([], "E") == ["E"]


def test_reachable_along_a_passage():
    assert reachable([("E", "1"), ("1", "2")], "E") == ["E", "1", "2"]
