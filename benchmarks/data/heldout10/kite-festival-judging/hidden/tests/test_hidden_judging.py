import pytest

from judging import DuplicateVote, Judging


def test_a_judge_marks_several_kites():
    j = Judging(["ana"])
    j.score("ana", "delta", {"flight": 6})
    j.score("ana", "sled", {"flight": 9})
    assert j.still_to_mark("sled") == []
    with pytest.raises(DuplicateVote):
        j.score("ana", "sled", {"flight": 3})


def test_a_rejected_sheet_can_be_handed_in_again():
    j = Judging(["ana", "ben"])
    with pytest.raises(KeyError):
        j.score("ben", "sled", {"desing": 8})
    assert j.still_to_mark("sled") == ["ana", "ben"]
    assert j.score("ben", "sled", {"design": 8, "flight": 7, "crowd": 6}) == 7.0
