from salering import SaleRing


def test_the_same_tag_read_differently():
    ring = SaleRing()
    assert ring.gate(["uk 300003", "UK300003", "IE200002"]) == ["UK300003", "IE200002"]
    assert ring.lot_number("ie 200002") == 2


def test_an_animal_back_from_another_pen():
    ring = SaleRing()
    ring.gate(["UK100001", "UK100002"])
    assert ring.gate(["UK100002", "UK100003"]) == ["UK100003"]
    assert ring.report() == {"sold": 3, "unreadable": 0}
