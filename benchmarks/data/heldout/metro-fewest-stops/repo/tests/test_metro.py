from metro import fewest_stops, network

LINES = {"red": ["A", "B", "C", "D"], "blue": ["E", "C", "F"]}


def test_network_is_undirected():
    adj = network({"x": ["a", "b"]})
    assert adj == {"a": {"b"}, "b": {"a"}}


def test_same_station():
    assert fewest_stops(network(LINES), "A", "A") == 0


def test_along_one_line():
    assert fewest_stops(network(LINES), "A", "D") == 3


def test_with_a_change():
    assert fewest_stops(network(LINES), "A", "F") == 3


def test_unconnected_station():
    lines = {**LINES, "green": ["X", "Y"]}
    assert fewest_stops(network(lines), "A", "Y") is None
