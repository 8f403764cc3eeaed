from grading import Candidate, Grading, certificate


def test_sixty_points_is_a_pass():
    assert Grading("Sensei").outcome(Candidate("Aki", "white", 30, 30)) == "pass"


def test_pass_promotes_one_belt():
    assert Grading("Sensei").grade(Candidate("Bo", "green", 35, 30)) == "blue"


def test_double_and_cap():
    g = Grading("Sensei")
    assert g.grade(Candidate("Cy", "brown", 45, 40)) == "black"
    assert g.outcome(Candidate("Di", "white", 20, 25)) == "retake"


def test_certificate():
    assert certificate(Candidate("Ed", "blue", 40, 30), "brown") == "Ed (70/100): brown belt"
