import pytest

from marina import Berth, Boat, Marina, NoBerth


def test_only_one_berth_fits():
    m = Marina([Berth("A1", 8), Berth("B1", 12)])
    assert m.assign(Boat("Gull", 10)) == "B1"


def test_no_berth_long_enough():
    m = Marina([Berth("A1", 8)])
    with pytest.raises(NoBerth):
        m.assign(Boat("Ark", 30))


def test_tightest_fit_is_chosen():
    m = Marina([Berth("C1", 15), Berth("A1", 8), Berth("B1", 12)])
    assert m.assign(Boat("Wren", 7.5)) == "A1"
    assert m.occupancy() == 0.33
