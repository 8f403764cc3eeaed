from tally import bump


def test_bump_by_one():
    assert bump(4) == 5
