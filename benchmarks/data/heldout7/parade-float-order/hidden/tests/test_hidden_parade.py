from parade import LineUp, gaps_needed


def test_withdraw_last_and_missing():
    line = LineUp(["A", "B", "C"])
    assert not line.withdraw("Z")
    assert line.withdraw("C")
    assert line.names() == ["A", "B"]
    assert gaps_needed(line) == 25
