from launch import LaunchBoard, Pilot, parse_board


def test_summary_with_an_instructor_and_a_grounded_student():
    board = parse_board(["Ada, 15", "Ines, -", "Cy, 0", "Bo, 25, tandem"])
    assert board.summary(12) == "wind 12 km/h: 3 of 4 cleared"
    assert board.grounded(12) == ["Cy"]


def test_no_tandem_in_strong_wind():
    board = LaunchBoard([Pilot("Bo", 25, tandem=True), Pilot("Ines", None)])
    assert not board.tandem_possible(28)
    assert board.cleared(28) == ["Ines"]
