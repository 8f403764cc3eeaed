import pytest

from tower import Pump, PumpFault, Tower


def test_preview_below_capacity():
    t = Tower(5000.0, 1000.0)
    assert t.preview(500.0) == (0.0, 1500.0)


def test_draw_takes_at_most_the_level():
    t = Tower(5000.0, 300.0)
    assert t.draw(1000.0) == 300.0
    assert t.level == 0.0


def test_negative_run_is_a_fault():
    with pytest.raises(PumpFault):
        Tower(5000.0).run(Pump("p1", 10.0), -1)


def test_overfilling_spills_and_stops_at_capacity():
    t = Tower(5000.0, 4800.0)
    assert t.preview(500.0) == (300.0, 5000.0)


def test_pump_run_past_full():
    t = Tower(5000.0, 4000.0)
    spilled = t.run(Pump("p2", 100.0), 15)
    assert spilled == 500.0
    assert t.level == 5000.0
    assert t.free() == 0.0
