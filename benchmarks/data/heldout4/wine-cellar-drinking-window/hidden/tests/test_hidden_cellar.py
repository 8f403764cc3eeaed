from cellar import Bottle, Cellar


def test_a_young_bottle_without_limit_is_not_ready():
    cellar = Cellar().add(Bottle("barolo", 2020, rest=8))
    assert cellar.ready(2024) == []
    assert cellar.ready(2030) == ["barolo"]


def test_the_last_good_year_is_still_good():
    cellar = Cellar().add(Bottle("cava", 2021, rest=1, drink_by=2023)).add(Bottle("tokaji", 1999))
    assert cellar.ready(2023) == ["tokaji", "cava"]
