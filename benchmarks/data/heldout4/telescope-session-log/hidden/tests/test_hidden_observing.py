from observing import Session, log_lines


def test_an_empty_observer_name_is_the_clubs_too():
    assert log_lines([Session("Saturn", 12, "")]) == ["Saturn     club     12 min"]


def test_only_unnamed_sessions():
    assert log_lines([Session("M57", 8), Session("M1", 9)]) == [
        "M57        club      8 min",
        "M1         club      9 min",
    ]
