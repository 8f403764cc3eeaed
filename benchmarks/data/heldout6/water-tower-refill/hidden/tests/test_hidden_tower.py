from tower import Pump, Tower


def test_small_tank_overfill():
    t = Tower(800.0, 700.0)
    assert t.add(250.0) == 150.0
    assert t.level == 800.0
    assert t.spilled == 150.0


def test_exactly_full():
    t = Tower(1200.0, 200.0)
    assert t.preview(1000.0) == (0.0, 1200.0)


def test_minutes_to_fill_after_overflow():
    t = Tower(3000.0, 2900.0)
    t.add(400.0)
    assert t.minutes_to_fill(Pump("p", 50.0)) == 0.0
    t.draw(1000.0)
    assert t.minutes_to_fill(Pump("p", 50.0)) == 20.0


def test_spill_accumulates():
    t = Tower(100.0, 90.0)
    t.add(20.0)
    t.add(5.0)
    assert t.spilled == 15.0
    assert t.level == 100.0
