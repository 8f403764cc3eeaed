import pytest

from wrap import hanging_indent, wrap


def test_width_must_be_positive():
    with pytest.raises(ValueError):
        wrap("some text", 0)


def test_hanging_indent():
    assert hanging_indent(["a", "b", "c"], 2) == ["a", "  b", "  c"]


def test_hanging_indent_of_one_line():
    assert hanging_indent(["only"], 4) == ["only"]


def test_wraps_at_the_width():
    assert wrap("the quick brown fox", 10) == ["the quick", "brown fox"]


def test_a_long_word_gets_its_own_line():
    assert wrap("a supercalifragilistic b", 6) == ["a", "supercalifragilistic", "b"]
