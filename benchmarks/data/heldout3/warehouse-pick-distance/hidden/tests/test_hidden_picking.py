from picking import distance, pick_route


def test_distance_across_aisles_both_ways():
    assert distance((3, 2), (1, 5)) == 5
    assert distance((1, 5), (3, 2)) == 5


def test_pick_route_ties_go_to_the_smaller_cell():
    assert pick_route((0, 5), [(2, 9), (1, 0)]) == [(1, 0), (2, 9)]


def test_pick_route_moves_on_from_each_cell():
    assert pick_route((0, 0), [(2, 0), (0, 3), (4, 0)]) == [(2, 0), (4, 0), (0, 3)]
