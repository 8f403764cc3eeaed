from cafe_games import report


def test_two_thirds():
    plays = [("Dixit", True), ("Dixit", True), ("Dixit", False)]
    assert report(plays)["Dixit"]["win_pct"] == 66.7
