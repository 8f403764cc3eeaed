from survey import Survey, Tree


def test_classes_of_a_mixed_plot():
    survey = Survey([Tree(1, "oak", 85.0), Tree(2, "oak", 240.0), Tree(3, "yew", 610.0)])
    assert survey.classes() == {"young": 1, "mature": 1, "ancient": 1}


def test_a_tree_of_exactly_three_metres_is_a_veteran():
    survey = Survey([Tree(4, "beech", 300.0), Tree(5, "beech", 420.0)])
    assert survey.classes() == {"veteran": 2}
    assert survey.notable() == [4, 5]


def test_largest_girth_per_species():
    survey = Survey([Tree(1, "oak", 85.0), Tree(2, "oak", 240.0)])
    assert survey.by_species() == {"oak": 240.0}
