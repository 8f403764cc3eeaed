from aqi import category, days_at_least, worst_day


def test_just_above_the_moderate_bound():
    assert category(35.45) == "unhealthy for sensitive groups"


def test_days_at_least_sensitive():
    assert days_at_least({"a": 35.4, "b": 50.0, "c": 3.0}, "unhealthy for sensitive groups") == ["b"]


def test_worst_day_on_the_bound():
    assert worst_day({"x": 35.4, "y": 10.0}) == ("x", "moderate")


def test_the_top_categories():
    assert category(250.4) == "very unhealthy"
    assert category(300) == "hazardous"
