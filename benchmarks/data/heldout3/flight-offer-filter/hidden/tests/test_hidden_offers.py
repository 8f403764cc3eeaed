from offers import Offer, carriers, search

OFFERS = [Offer("LH", 240, 1, 410), Offer("AF", 180, 2, 600), Offer("KL", 320, 0, 300)]


def test_nonstop_only():
    assert search(OFFERS, max_stops=0) == [Offer("KL", 320, 0, 300)]


def test_carriers_under_a_price():
    assert carriers(OFFERS, max_price=250) == ["AF", "LH"]
