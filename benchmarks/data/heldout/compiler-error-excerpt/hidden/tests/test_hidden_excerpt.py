from excerpt import context, show_error

SRC = "a\nbb\nccc\ndddd\n"


def test_error_on_the_last_line():
    assert show_error(SRC, "f.py", 4, 2, "oops").splitlines()[1] == "4 | dddd"


def test_error_on_the_first_line():
    assert show_error(SRC, "f.py", 1, 1, "oops").splitlines()[1:] == ["1 | a", "    ^"]


def test_context_around_a_line():
    assert context(SRC, 2) == [(1, "a"), (2, "bb"), (3, "ccc")]
    assert context(SRC, 4, radius=2) == [(2, "bb"), (3, "ccc"), (4, "dddd")]
