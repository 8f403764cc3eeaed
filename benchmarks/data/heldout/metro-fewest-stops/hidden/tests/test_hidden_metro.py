from metro import fewest_stops, network, reachable

LINES = {"red": ["A", "B", "C"], "green": ["P", "Q"], "loop": ["Q", "R", "S", "P"]}


def test_unknown_station():
    assert fewest_stops(network(LINES), "A", "nowhere") is None


def test_station_without_lines():
    assert fewest_stops(network(LINES), "lonely", "A") is None


def test_reachable_sets():
    adj = network(LINES)
    assert reachable(adj, "A") == {"A", "B", "C"}
    assert reachable(adj, "R") == {"P", "Q", "R", "S"}


def test_loop_shortcut():
    assert fewest_stops(network(LINES), "Q", "S") == 2
