from surtitles import CueDesk

CUES = ["c1", "c2", "c3", "c4", "c5", "c6"]


def test_two_jumps_back_twice():
    desk = CueDesk(CUES)
    desk.jump("c4")
    desk.jump("c2")
    desk.next()
    assert desk.showing == "c3"
    assert [desk.back(), desk.back(), desk.back()] == ["c2", "c4", "c1"]
    assert desk.history == []
