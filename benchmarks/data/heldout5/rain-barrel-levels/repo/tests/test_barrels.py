from barrels import Barrel, after_storm, collected, fullest, overflow


def test_collected():
    assert collected(5, 10) == 50


def test_light_rain_fills_partly():
    assert after_storm([Barrel("shed", 200, 20, 4)], 10) == [60]


def test_heavy_rain_fills_to_the_brim():
    barrels = [Barrel("shed", 200, 180, 5), Barrel("porch", 200, 0, 2)]
    assert after_storm(barrels, 10) == [200, 20]


def test_overflow_and_fullest():
    barrels = [Barrel("shed", 200, 180, 5), Barrel("porch", 200, 50, 2)]
    assert overflow(barrels, 10) == 30
    assert fullest(barrels) == "shed"
