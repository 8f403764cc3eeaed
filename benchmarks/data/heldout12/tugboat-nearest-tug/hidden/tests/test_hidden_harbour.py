from harbour import Harbour, Tug


def test_the_tug_before_the_berth_is_nearer():
    harbour = Harbour([Tug("Ajax", 4.0), Tug("Brutus", 9.0), Tug("Castor", 0.5)])
    assert harbour.nearest(5.0).name == "Ajax"
    assert harbour.nearest(8.0).name == "Brutus"
    assert harbour.nearest(1.0).name == "Castor"


def test_busy_tugs_are_skipped_and_moved():
    harbour = Harbour([Tug("Ajax", 4.0), Tug("Brutus", 9.0)])
    assert harbour.send("Alpha", 4.5) == "Ajax"
    assert harbour.send("Beta", 4.5) == "Brutus"
    harbour.release("Alpha")
    assert harbour.nearest(7.0).name == "Ajax"
