from names import join_names, liked_message, summarize


def test_three_names():
    assert join_names(["Ann", "Bo", "Cy"]) == "Ann, Bo and Cy"


def test_nobody():
    assert join_names([]) == ""
    assert liked_message([]) == "No likes yet"


def test_many_names_are_summarized():
    assert summarize(["A", "B", "C", "D", "E"]) == "A, B and 3 others"


def test_one_name():
    assert liked_message(["Ann"]) == "Ann likes your post"
