import pytest

from composing import Forme, WordTooLong


def test_two_lines():
    assert Forme.set_text("the quick brown fox", 10).lines == ["the quick", "brown fox"]


def test_a_word_too_long():
    with pytest.raises(WordTooLong):
        Forme.set_text("typographically", 10)


def test_justified():
    forme = Forme(11, ["a bc de", "fgh", "ij k"])
    assert forme.justified() == ["a   bc   de", "fgh", "ij k"]


def test_sorts_needed():
    assert Forme(5, ["Aa b", "a"]).sorts_needed() == {"a": 3, "b": 1}
