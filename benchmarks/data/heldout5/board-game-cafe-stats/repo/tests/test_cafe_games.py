from cafe_games import popular, report, tally

PLAYS = [("Azul", True), ("Catan", False), ("Azul", True), ("Go", False), ("Catan", False)]


def test_tally():
    assert tally(PLAYS) == {"Azul": (2, 2), "Catan": (2, 0), "Go": (1, 0)}


def test_popular():
    assert popular(PLAYS, top=2) == ["Azul", "Catan"]


def test_report_of_games_always_or_never_won():
    assert report(PLAYS)["Azul"] == {"plays": 2, "win_pct": 100.0}
    assert report(PLAYS)["Go"] == {"plays": 1, "win_pct": 0.0}


def test_report_of_a_game_won_now_and_then():
    plays = [("Hive", True), ("Hive", False), ("Hive", False), ("Hive", False)]
    assert report(plays) == {"Hive": {"plays": 4, "win_pct": 25.0}}
