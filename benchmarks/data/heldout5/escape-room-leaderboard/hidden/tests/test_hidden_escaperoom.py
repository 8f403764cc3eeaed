from escaperoom import Board, Team


def test_empty_nickname_falls_back_to_the_booking_name():
    assert Board("Lab").line(3, Team("Garcia", 1800, "")) == "3. Garcia 30:00"


def test_mixed_board():
    board = Board("Lab")
    board.add(Team("Kim", 2000))
    board.add(Team("Ode", 1900, "Keys"))
    assert board.lines() == ["1. Keys 31:40", "2. Kim 33:20"]
