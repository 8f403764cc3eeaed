from route import names, route, without_closed


def test_every_stop_closed():
    assert without_closed(route(["a", "b"], closed={"a", "b"})) is None


def test_closed_stops_here_and_there():
    stops = ["a", "b", "c", "d", "e", "f"]
    assert names(without_closed(route(stops, closed={"a", "c", "d", "f"}))) == ["b", "e"]


def test_two_open_stops_then_a_closed_one():
    assert names(without_closed(route(["a", "b", "c", "d"], closed={"c"}))) == ["a", "b", "d"]
