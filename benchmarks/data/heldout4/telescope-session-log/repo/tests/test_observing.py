from observing import Session, best_targets, log_lines, total_minutes


def test_a_named_observer_is_logged():
    assert log_lines([Session("M31", 40, "ana")]) == ["M31        ana      40 min"]


def test_a_session_without_observer_is_the_clubs():
    lines = log_lines([Session("Jupiter", 25), Session("M42", 5, "bo")])
    assert lines == ["Jupiter    club     25 min", "M42        bo        5 min"]


def test_best_targets():
    sessions = [Session("Moon", 10, seeing=5), Session("M13", 30, seeing=2), Session("Moon", 5, seeing=4)]
    assert best_targets(sessions) == ["Moon"]


def test_total_minutes():
    assert total_minutes([Session("Moon", 10), Session("Mars", 15)]) == 25
