from kitchen import scale, to_metric


def test_tablespoons():
    assert to_metric(3, "tbsp") == (44.4, "ml")


def test_scale_a_recipe():
    assert scale([("flour", 200, "ml"), ("salt", 1, "tsp")], 1.5) == [
        ("flour", 300.0, "ml"),
        ("salt", 1.5, "tsp"),
    ]
