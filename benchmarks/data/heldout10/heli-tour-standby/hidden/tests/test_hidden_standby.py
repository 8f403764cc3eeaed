from standby import Standby


def test_the_last_party_leaves_and_a_new_one_joins():
    s = Standby()
    for name, seats in (("a", 1), ("b", 2), ("c", 3)):
        s.join(name, seats)
    s.leave("c")
    s.join("d", 4)
    assert s.board_list() == ["a (1)", "b (2)", "d (4)"]
    assert s.size == 3


def test_boarding_from_the_back():
    s = Standby()
    for name, seats in (("a", 5), ("b", 5), ("c", 2)):
        s.join(name, seats)
    assert s.board(4) == ["c"]
    assert s.board_list() == ["a (5)", "b (5)"]
