from convoy import Checkpoint, stragglers


def test_no_passages_no_convoys():
    assert Checkpoint().convoys() == []


def test_single_convoy_and_stragglers():
    cp = Checkpoint(max_gap_s=10)
    cp.log("X", 5)
    cp.log("Y", 12)
    assert cp.convoys() == [["X", "Y"]]
    cp.log("Z", 99)
    assert stragglers(cp) == ["Z"]
