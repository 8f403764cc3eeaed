import pytest

from standby import Standby


def standby(*parties):
    s = Standby()
    for name, seats in parties:
        s.join(name, seats)
    return s


def test_a_party_leaves_from_the_middle():
    s = standby(("kim", 2), ("lee", 4), ("mo", 1), ("ng", 3))
    s.leave("mo")
    assert s.board_list() == ["kim (2)", "lee (4)", "ng (3)"]


def test_a_party_that_does_not_fit_keeps_its_place():
    s = standby(("kim", 2), ("lee", 4), ("mo", 1))
    assert s.board(3) == ["kim", "mo"]
    assert s.board_list() == ["lee (4)"]


def test_first_party_leaves():
    s = standby(("kim", 2), ("lee", 4))
    assert s.leave("kim").seats == 2
    assert s.board_list() == ["lee (4)"]


def test_unknown_party():
    with pytest.raises(KeyError):
        standby(("kim", 2)).leave("zed")
