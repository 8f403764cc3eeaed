from names import join_names, summarize


def test_one_name_among_blanks():
    assert join_names([" ", "Dee ", ""], conjunction="or") == "Dee"


def test_two_names_and_a_summary_of_two():
    assert join_names(["Ed", "Flo"]) == "Ed and Flo"
    assert summarize(["Gil", "Hu", "Ivy"], limit=2) == "Gil and 2 others"
    assert summarize(["Jo"], limit=1) == "Jo"
