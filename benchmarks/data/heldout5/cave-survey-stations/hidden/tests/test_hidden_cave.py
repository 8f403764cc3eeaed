from cave import reachable


def test_loop_and_side_branch():
    passages = [("E", "1"), ("1", "2"), ("2", "3"), ("3", "1"), ("2", "4"), ("9", "10")]
    assert reachable(passages, "E") == ["E", "1", "2", "3", "4"]
