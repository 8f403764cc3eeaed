from survey import Survey, Tree


def test_just_under_three_metres_is_mature():
    survey = Survey([Tree(6, "lime", 299.5), Tree(7, "lime", 100.0), Tree(8, "lime", 500.0)])
    assert survey.classes() == {"mature": 2, "ancient": 1}
    assert survey.notable() == [8]


def test_class_boundaries():
    girths = [99.9, 300.0, 300.5, 499.9]
    survey = Survey([Tree(i, "ash", g) for i, g in enumerate(girths)])
    assert survey.classes() == {"young": 1, "veteran": 3}
