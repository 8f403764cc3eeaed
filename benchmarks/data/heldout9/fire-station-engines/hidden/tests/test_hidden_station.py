import pytest

from station import Engine, Station


def test_a_ladder_back_leaves_the_pumps_out():
    s = Station("Eastgate", [Engine("P1", "pump"), Engine("L1", "ladder")])
    s.dispatch("pump", "fire A")
    s.dispatch("ladder", "fire A")
    s.back("L1")
    assert s.available("ladder") == 1
    assert s.available("pump") == 0


def test_one_pump_back_leaves_the_other_out():
    s = Station("Westgate", [Engine("P1", "pump"), Engine("P2", "pump"), Engine("P3", "pump")])
    s.dispatch("pump", "fire B")
    s.dispatch("pump", "fire C")
    s.back("P2")
    assert s.available("pump") == 2
    s.back("P1")
    assert s.available("pump") == 3


def test_an_engine_at_the_station_cannot_come_back():
    s = Station("Eastgate", [Engine("P1", "pump")])
    with pytest.raises(ValueError):
        s.back("P1")
    assert s.available("pump") == 1
