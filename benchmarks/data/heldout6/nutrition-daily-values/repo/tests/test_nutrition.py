import pytest

from nutrition import UnknownFood, label, per_portion, percent_daily


def test_portion():
    assert per_portion("croissant", 60) == {
        "kcal": 246.0,
        "protein_g": 4.8,
        "fat_g": 12.6,
        "sugar_g": 6.6,
    }


def test_label():
    assert label("rye loaf", 50) == "rye loaf (50 g): 115 kcal, fat 0.8 g"


def test_unknown():
    with pytest.raises(UnknownFood):
        per_portion("baguette", 10)


def test_percent_of_daily_values():
    assert percent_daily(per_portion("oat cookie", 100)) == {
        "kcal": 24,
        "protein_g": 13,
        "fat_g": 27,
        "sugar_g": 31,
    }
