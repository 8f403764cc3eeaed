import pytest

from postfix import evaluate, to_postfix, tokenize


def test_nested_parentheses():
    assert evaluate("2 * ((3 + 1) * (5 - 3))") == 16.0


def test_parentheses_inside_a_power():
    assert to_postfix(tokenize("2 ^ (1 + 1)")) == ["2", "1", "1", "+", "^"]


def test_an_unmatched_closing_parenthesis_is_an_error():
    with pytest.raises(SyntaxError):
        to_postfix(tokenize("1 + 2)"))


def test_an_unmatched_opening_parenthesis_is_an_error():
    with pytest.raises(SyntaxError):
        to_postfix(tokenize("(1 + 2"))


def test_parentheses_too_deep():
    with pytest.raises(SyntaxError):
        to_postfix(tokenize("(" * 40 + "1" + ")" * 40))
