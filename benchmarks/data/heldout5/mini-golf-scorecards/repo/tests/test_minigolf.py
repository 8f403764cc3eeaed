from minigolf import aces, parse_pars, score


def test_parse_pars():
    assert parse_pars("par,2,3,2,4") == [2, 3, 2, 4]


def test_aces():
    assert aces("Ann,1,3,1,4") == [1, 3]


def test_score():
    assert score("Ann,2,4,1,4", [2, 3, 2, 4]) == ("Ann", 0)
