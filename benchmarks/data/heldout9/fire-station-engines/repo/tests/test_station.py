import pytest

from station import Engine, NoEngineFree, Station


def station():
    return Station("Northgate", [Engine("P1", "pump"), Engine("P2", "pump"), Engine("L1", "ladder")])


def test_dispatch_sends_the_first_free_engine():
    s = station()
    assert s.dispatch("pump", "house fire") == "P1"
    assert s.dispatch("pump", "car fire") == "P2"
    assert s.available("pump") == 0
    assert s.board() == ["P1: house fire", "P2: car fire", "L1: station"]


def test_no_free_engine_of_a_kind():
    s = station()
    s.dispatch("ladder", "cat in a tree")
    with pytest.raises(NoEngineFree):
        s.dispatch("ladder", "flat fire")


def test_an_engine_back_from_a_call_is_available_again():
    s = station()
    s.dispatch("pump", "bin fire")
    s.back("P1")
    assert s.available("pump") == 2
    assert s.dispatch("pump", "chimney fire") == "P1"
