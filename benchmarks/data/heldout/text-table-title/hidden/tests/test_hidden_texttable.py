from texttable import render


def test_odd_padding_rounds_down():
    out = render(["a", "b"], [["xxxx", "yyyy"]], title="T")
    assert out.splitlines()[0] == "     T"


def test_title_longer_than_the_table_is_not_indented():
    out = render(["a"], [["b"]], title="A long title")
    assert out.splitlines()[0] == "A long title"


def test_title_then_header():
    lines = render(["city", "pop"], [["Oslo", 709000]], title="Cities").splitlines()
    assert lines[1] == "city | pop"
    assert lines[0] == "   Cities"
