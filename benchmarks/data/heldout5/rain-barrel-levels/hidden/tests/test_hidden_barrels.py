from barrels import Barrel, after_storm


def test_small_barrel_stops_at_its_own_capacity():
    barrels = [Barrel("coop", 150, 100, 10), Barrel("big", 500, 100, 10)]
    assert after_storm(barrels, 10) == [150, 200]


def test_already_full_barrel_stays_full():
    assert after_storm([Barrel("tank", 90, 90, 3)], 1) == [90]
