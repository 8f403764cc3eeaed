import pytest

from controller import Controller, Loco


def test_undo_walks_back_through_every_command():
    c = Controller([Loco(9, "Mallard")])
    c.command(9, "reverse")
    c.command(9, "speed", 30)
    c.command(9, "stop")
    c.command(9, "reverse")
    assert c.locos[9].forward is True
    c.undo()
    assert (c.locos[9].forward, c.locos[9].speed) == (False, 0)
    c.undo()
    assert c.locos[9].speed == 30
    c.undo()
    c.undo()
    assert (c.locos[9].forward, c.locos[9].speed) == (True, 0)
    with pytest.raises(IndexError):
        c.undo()
