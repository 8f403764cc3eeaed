import pytest

from pours import Melt, OverPour, heaviest


def test_log_of_a_melt():
    melt = Melt("A", 40.0)
    melt.pour("Bell", 12.44)
    melt.pour("Plaque", 8.0)
    assert melt.log() == ["Bell: 12.4 kg", "Plaque: 8.0 kg", "left in A: 19.6 kg"]


def test_a_crucible_running_short():
    melt = Melt("B", 10.0)
    melt.pour("Hare", 6.0)
    with pytest.raises(OverPour):
        melt.pour("Stag", 4.5)
    assert melt.yield_percent() == 60.0


def test_heaviest_piece():
    a, b = Melt("A", 20.0), Melt("B", 20.0)
    a.pour("Bell", 12.4)
    b.pour("Stag", 15.0)
    assert a.pieces + b.pieces == [("Bell", 12.4), ("Stag", 15.0)]
    assert heaviest([a, b]) == ("Stag", 15.0)
