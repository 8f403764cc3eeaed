from grading import Candidate, Grading


def test_boundaries():
    g = Grading("Sensei")
    assert [g.outcome(Candidate("x", "white", s, 0)) for s in (39, 40, 59, 60, 79, 80)] == [
        "fail", "retake", "retake", "pass", "pass", "double"]


def test_promoted_list():
    g = Grading("Sensei")
    g.grade(Candidate("Fay", "white", 31, 29))
    g.grade(Candidate("Gil", "white", 10, 10))
    assert g.promoted() == ["Fay"]
