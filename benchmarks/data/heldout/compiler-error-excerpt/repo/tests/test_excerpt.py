import pytest

from excerpt import _line_at, caret, show_error

SRC = "x = 1\ny = x +\nprint(y)\n"


def test_caret():
    assert caret(1) == "^"
    assert caret(4) == "   ^"


def test_line_at_is_zero_based():
    assert _line_at(SRC, 0) == "x = 1"


def test_line_out_of_range():
    with pytest.raises(IndexError):
        _line_at(SRC, 3)


def test_error_on_the_second_line():
    out = show_error(SRC, "calc.py", 2, 7, "expected an expression")
    assert out.splitlines() == [
        "calc.py:2:7: error: expected an expression",
        "2 | y = x +",
        "          ^",
    ]
