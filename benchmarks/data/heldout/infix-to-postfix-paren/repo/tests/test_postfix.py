from postfix import evaluate, to_postfix, tokenize


def test_tokenize():
    assert tokenize("3 + 4.5*(2)") == ["3", "+", "4.5", "*", "(", "2", ")"]


def test_precedence_without_parentheses():
    assert to_postfix(tokenize("3 + 4 * 2")) == ["3", "4", "2", "*", "+"]


def test_power_is_right_associative():
    assert evaluate("2 ^ 3 ^ 2") == 512.0


def test_left_to_right_subtraction():
    assert evaluate("10 - 4 - 3") == 3.0


def test_parentheses_group_first():
    assert to_postfix(tokenize("(1 + 2) * 3")) == ["1", "2", "+", "3", "*"]
    assert evaluate("(1 + 2) * 3") == 9.0
