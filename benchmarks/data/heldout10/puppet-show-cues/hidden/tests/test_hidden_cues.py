from cues import CueSheet


def test_longest_scene():
    s = CueSheet("Pinocchio", "40:00")
    s.add("prologue", "0:00")
    s.add("whale", "3:00", "pinocchio")
    s.add("island", "25:30", "pinocchio", "cat")
    assert s.lengths()["whale"] == "22:30"
    assert s.longest() == "whale"


def test_one_scene_runs_to_curtain_down():
    s = CueSheet("Mr Punch", "18:20")
    s.add("booth", "0:45", "punch", "judy")
    assert s.lengths() == {"booth": "17:35"}
