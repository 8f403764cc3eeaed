import pytest

from surtitles import CueDesk, NoEarlierCue, parse_cues

CUES = ["c1", "c2", "c3", "c4", "c5", "c6"]


def test_parse_cues():
    assert parse_cues("# act 1\nc1\n\n  c2  \n") == ["c1", "c2"]


def test_next_and_back():
    desk = CueDesk(CUES)
    assert desk.next() == "c2"
    assert desk.next() == "c3"
    assert desk.back() == "c2"
    assert desk.back() == "c1"
    with pytest.raises(NoEarlierCue):
        desk.back()


def test_back_after_a_jump():
    desk = CueDesk(CUES)
    desk.next()
    assert desk.jump("c5") == "c5"
    assert desk.back() == "c2"
