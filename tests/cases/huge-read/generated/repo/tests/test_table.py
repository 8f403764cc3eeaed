from table import pick


def test_pick_is_one_based():
    assert pick(0) == 1
