from count import Count


def test_two_thirds_round_up():
    c = Count("South", ["Ames", "Berg"])
    for mark in ("Ames", "Berg", "Ames", None):
        c.record(mark)
    assert c.shares() == [66.7, 33.3]
    assert c.announcement() == "South: Ames 66.7%, Berg 33.3% (1 spoilt)"


def test_sevenths():
    c = Count("East", ["Ames", "Berg", "Cole"])
    for mark in ["Ames"] * 4 + ["Berg"] * 2 + ["Cole"]:
        c.record(mark)
    assert c.shares() == [57.1, 28.6, 14.3]
