import pytest

from cues import CueSheet, to_seconds, to_stamp


def sheet():
    s = CueSheet("The Wolf and the Tailor", "24:00")
    s.add("forest", "0:00", "wolf", "owl")
    s.add("workshop", "6:30", "tailor")
    s.add("market", "15:10", "tailor", "wolf")
    return s


def test_scene_lengths():
    assert sheet().lengths() == {"forest": "6:30", "workshop": "8:40", "market": "8:50"}


def test_cues_in_order():
    s = sheet()
    with pytest.raises(ValueError):
        s.add("epilogue", "12:00")


def test_scenes_with():
    assert sheet().scenes_with("wolf") == ["forest", "market"]


def test_stamps():
    assert to_seconds("12:05") == 725 and to_stamp(725) == "12:05"
