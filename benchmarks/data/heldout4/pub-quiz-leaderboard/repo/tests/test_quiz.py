from quiz import announcement, joker_round, leaderboard, totals

ROUNDS = [{"owls": 8, "foxes": 6, "eels": 9}, {"owls": 7, "foxes": 10, "eels": 5}]


def test_totals():
    assert totals(ROUNDS) == {"owls": 15, "foxes": 16, "eels": 14}


def test_leaderboard_places():
    assert leaderboard(ROUNDS) == [(1, "foxes", 16), (2, "owls", 15), (3, "eels", 14)]


def test_joker_round():
    assert joker_round({"owls": 8, "eels": 9}, "owls") == {"owls": 16, "eels": 9}
