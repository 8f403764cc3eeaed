from quiz import announcement


def test_announcement_of_the_top_two_with_a_tie():
    rounds = [{"yaks": 5, "ants": 5, "bees": 2}]
    assert announcement(rounds, top=2) == ["1. ants with 5", "2. yaks with 5"]
