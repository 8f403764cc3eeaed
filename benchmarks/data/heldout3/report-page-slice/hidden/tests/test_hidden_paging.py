from paging import footer, page


def test_the_footer_of_the_first_page():
    assert footer(list(range(30)), 1, 20) == "rows 1-20 of 30"


def test_an_empty_report():
    assert footer([], 1, 10) == "no rows"


def test_the_middle_page():
    assert page(list("abcdefg"), 2, 3) == ["d", "e", "f"]
