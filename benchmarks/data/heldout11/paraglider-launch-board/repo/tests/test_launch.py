from launch import LaunchBoard, Pilot, parse_board


def test_students_within_their_limits():
    board = LaunchBoard([Pilot("Ada", 15), Pilot("Bo", 25)])
    assert board.cleared(20) == ["Bo"]
    assert board.grounded(20) == ["Ada"]


def test_an_instructor_has_no_limit():
    board = parse_board(["Ada, 15", "Ines, -, tandem", "Bo, 25"])
    assert board.cleared(30) == ["Ines"]
    assert board.tandem_possible(30)


def test_parse_board():
    board = parse_board(["Ada, 15", "Ines, -, tandem"])
    assert board.pilots == [Pilot("Ada", 15.0), Pilot("Ines", None, True)]
