from market import assign, fee, stall_map


def test_vendors_in_order_get_consecutive_stalls():
    assert assign(["apples", "bread", "cheese"]) == {"apples": 1, "bread": 2, "cheese": 3}


def test_stalls_follow_the_alphabet():
    assert assign(["honey", "eggs", "flowers"]) == {"eggs": 1, "flowers": 2, "honey": 3}


def test_closed_stalls_are_skipped():
    assert assign(["jam", "kale"], closed={1, 3}) == {"jam": 2, "kale": 4}


def test_stall_map_and_fees():
    stalls = {"jam": 2, "bread": 1}
    assert stall_map(stalls) == ["1: bread", "2: jam"]
    assert fee(stalls, "jam") == 15 and fee(stalls, "fish") == 0
