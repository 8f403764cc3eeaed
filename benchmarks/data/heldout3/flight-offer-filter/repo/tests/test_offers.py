from offers import Offer, acceptable, carriers, search

LH = Offer("LH", 240, 1, 410)
AF = Offer("AF", 180, 2, 600)
KL = Offer("KL", 320, 0, 300)
BA = Offer("BA", 180, 1, 520)
OFFERS = [LH, AF, KL, BA]


def test_both_limits():
    assert search(OFFERS, max_price=250, max_stops=1) == [BA, LH]


def test_a_stops_limit_only():
    assert search(OFFERS, max_stops=1) == [BA, LH, KL]


def test_acceptable_within_limits():
    assert acceptable(AF, 200, 2)


def test_a_price_limit_only():
    assert search(OFFERS, max_price=200) == [BA, AF]


def test_no_limits():
    assert carriers(OFFERS) == ["AF", "BA", "KL", "LH"]
