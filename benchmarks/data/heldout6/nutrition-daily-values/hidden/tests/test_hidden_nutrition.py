from nutrition import day_total, per_portion, percent_daily


def test_day_total_as_percent():
    day = day_total([per_portion("rye loaf", 200), per_portion("croissant", 100)])
    assert day == {"kcal": 870.0, "protein_g": 22.0, "fat_g": 24.0, "sugar_g": 17.0}
    assert percent_daily(day) == {"kcal": 44, "protein_g": 44, "fat_g": 34, "sugar_g": 19}


def test_sugar_only():
    assert percent_daily({"sugar_g": 45.0}) == {"sugar_g": 50}
