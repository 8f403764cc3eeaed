from cues import Cue, problems


def test_a_long_line_is_reported():
    assert problems([Cue(0.0, 10.0, "a" * 43)]) == ["cue 1: line too long"]


def test_both_problems_on_one_cue():
    assert problems([Cue(0.0, 1.0, "b" * 50)]) == ["cue 1: too fast", "cue 1: line too long"]


def test_nothing_to_report():
    assert problems([Cue(0.0, 3.0, "Fine.\nReally.")]) == []
