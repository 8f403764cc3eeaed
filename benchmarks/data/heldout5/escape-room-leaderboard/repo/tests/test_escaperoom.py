from escaperoom import Board, Team


def test_score_adds_hint_penalties():
    assert Board("Vault").score(Team("Smith", 2700, hints=2)) == 2940


def test_line_with_a_nickname():
    assert Board("Vault").line(1, Team("Smith", 2700, "Lockpicks", 1)) == "1. Lockpicks 47:00"


def test_leaderboard_order():
    board = Board("Vault")
    board.add(Team("Smith", 2700, "Lockpicks", 1))
    board.add(Team("Lee", 2500, "Owls", 3))
    assert board.lines() == ["1. Lockpicks 47:00", "2. Owls 47:40"]


def test_line_without_a_nickname():
    assert Board("Vault").line(2, Team("Jones", 3005)) == "2. Jones 50:05"
