from route import names, route, without_closed


def test_a_route_without_closures_is_unchanged():
    assert names(without_closed(route(["depot", "market", "school"]))) == ["depot", "market", "school"]


def test_a_closed_first_stop():
    assert names(without_closed(route(["depot", "market", "school"], closed={"depot"}))) == ["market", "school"]


def test_a_closed_stop_right_after_the_first():
    assert names(without_closed(route(["depot", "market", "school"], closed={"market"}))) == ["depot", "school"]


def test_a_closed_stop_later_on():
    stops = ["depot", "market", "school", "park", "pier"]
    assert names(without_closed(route(stops, closed={"park"}))) == ["depot", "market", "school", "pier"]
