from minigolf import leaderboard, score


def test_blank_hole_counts_three_over():
    assert score("Bo,3,,2", [2, 3, 2]) == ("Bo", 4)


def test_leaderboard():
    lines = ["par,2,3", "Cy,3,4", "Di,2,2", "Ed,2,3"]
    assert leaderboard(lines) == [("Di", -1), ("Ed", 0), ("Cy", 2)]
