import pytest

from controller import Controller, Loco


def test_undo_a_reverse():
    c = Controller([Loco(3, "Flying Scot")])
    c.command(3, "speed", 40)
    c.command(3, "stop")
    c.command(3, "reverse")
    assert c.undo().forward is True
    assert c.locos[3].speed == 0


def test_undo_speed_changes():
    c = Controller([Loco(3, "Flying Scot"), Loco(7, "Shunter")])
    c.command(3, "speed", 200)
    c.command(7, "speed", 20)
    assert c.locos[3].speed == 126
    assert c.undo().speed == 0
    assert c.locos[3].speed == 126


def test_reverse_needs_a_stop():
    c = Controller([Loco(5, "Pacific", speed=10)])
    with pytest.raises(RuntimeError):
        c.command(5, "reverse")


def test_emergency_stop_and_panel():
    c = Controller([Loco(5, "Pacific", speed=10), Loco(6, "Tank")])
    assert c.emergency_stop() == [5]
    assert c.panel() == ["  5 Pacific    >   0", "  6 Tank       >   0"]
