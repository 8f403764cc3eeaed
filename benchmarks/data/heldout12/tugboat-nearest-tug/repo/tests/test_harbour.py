import pytest

from harbour import Harbour, NoTugFree, Tug


def test_the_tug_beyond_the_berth_is_nearer():
    harbour = Harbour([Tug("Ajax", 2.0), Tug("Brutus", 6.0)])
    assert harbour.send("Ever Given", 5.0) == "Brutus"


def test_send_and_release():
    harbour = Harbour([Tug("Ajax", 2.0)])
    assert harbour.send("Maersk", 1.5) == "Ajax"
    assert harbour.board() == ["Ajax 1.5 km busy"]
    harbour.release("Maersk")
    assert harbour.board() == ["Ajax 1.5 km free"]


def test_no_tug_free():
    harbour = Harbour([Tug("Ajax", 2.0, busy=True)])
    with pytest.raises(NoTugFree):
        harbour.send("Maersk", 1.0)
