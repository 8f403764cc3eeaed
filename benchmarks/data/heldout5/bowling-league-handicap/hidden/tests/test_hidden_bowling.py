from bowling import handicap_series, handicaps


def test_handicap_at_and_far_above_the_base():
    assert handicaps({"Di": 220, "Ed": 262}, base=220) == {"Di": 0, "Ed": 0}


def test_other_base_and_percent():
    assert handicaps({"Fay": 180, "Gus": 215}, base=210, percent=80) == {"Fay": 24, "Gus": 0}


def test_handicap_series_of_a_strong_bowler():
    games = [240, 250, 245]
    assert handicap_series(games, handicaps({"Hal": 245})["Hal"]) == 735
