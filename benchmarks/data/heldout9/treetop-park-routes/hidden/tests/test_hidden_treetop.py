from treetop import Course, Crossing


def test_a_small_visitor_has_one_route_left():
    c = Course("Ash")
    c.add(Crossing("A", "B", "bridge"))
    c.add(Crossing("B", "D", "zipline", min_height_cm=140))
    c.add(Crossing("A", "C", "net"))
    c.add(Crossing("C", "D", "bridge"))
    assert c.count_routes("A", "D", height_cm=120) == 1
    assert c.ends_on_a_zipline("A", "D")


def test_a_direct_crossing_is_a_route_of_one():
    c = Course("Ash")
    c.add(Crossing("A", "B", "zipline"))
    assert c.routes("A", "B") == [["zipline"]]
    assert c.routes("B", "A") == []
