import pytest

from judging import DuplicateVote, Judging


def test_a_judge_marks_a_kite_once():
    j = Judging(["ana", "ben"])
    assert j.score("ana", "red dragon", {"design": 8, "flight": 7, "crowd": 9}) == 8.0
    with pytest.raises(DuplicateVote):
        j.score("ana", "red dragon", {"design": 10, "flight": 10, "crowd": 10})


def test_still_to_mark():
    j = Judging(["ana", "ben", "cleo"])
    j.score("ben", "box kite", {"design": 6})
    assert j.still_to_mark("box kite") == ["ana", "cleo"]


def test_standings():
    j = Judging(["ana", "ben"])
    j.score("ana", "octopus", {"design": 9, "flight": 6, "crowd": 9})
    j.score("ben", "octopus", {"design": 7, "flight": 8, "crowd": 9})
    j.score("ana", "delta", {"design": 9, "flight": 9, "crowd": 6})
    assert j.standings() == [("delta", 8.0), ("octopus", 8.0)]


def test_unknown_judge():
    with pytest.raises(KeyError):
        Judging(["ana"]).score("zed", "delta", {})
