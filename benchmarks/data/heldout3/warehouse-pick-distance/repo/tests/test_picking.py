from picking import distance, pick_route, route_length


def test_distance_along_the_grid():
    assert distance((5, 3), (1, 3)) == 4
    assert distance((4, 7), (1, 2)) == 8


def test_distance_is_symmetric():
    assert distance((1, 2), (4, 7)) == 8


def test_pick_route_along_one_aisle():
    assert pick_route((0, 0), [(3, 0), (1, 0), (2, 0)]) == [(1, 0), (2, 0), (3, 0)]


def test_one_way_route():
    assert route_length((5, 5), [(3, 5)], back_to_start=False) == 2


def test_round_trip_length():
    assert route_length((0, 0), [(0, 3), (2, 3)]) == 10
