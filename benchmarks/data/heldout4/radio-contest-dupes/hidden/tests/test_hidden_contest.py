from contest import claimed, score


def test_three_contacts_with_one_station():
    log = [("F5AB", "15m"), ("F5AB", "15m"), ("F5AB", "15m")]
    assert score(log) == (2, ["F5AB", "F5AB"])


def test_claimed_score():
    assert claimed([("DL1ABC", "20m"), ("K2AA", "80m"), ("k2aa", "80m")]) == 6
