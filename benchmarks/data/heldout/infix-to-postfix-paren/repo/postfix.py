"""Convert infix arithmetic to postfix (shunting-yard) and evaluate it."""

import re

PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "^": 3}
RIGHT_ASSOC = {"^"}
MAX_DEPTH = 32


def tokenize(text):
    """Numbers, operators and parentheses of ``text`` as a list of strings."""
    return re.findall(r"\d+(?:\.\d+)?|[-+*/^()]", text)


def to_postfix(tokens):
    """The tokens of an infix expression in postfix order; SyntaxError when unbalanced."""
    output, stack = [], []
    depth = 0
    for tok in tokens:
        if tok in PRECEDENCE:
            while stack and stack[-1] != "(" and (
                PRECEDENCE[stack[-1]] > PRECEDENCE[tok]
                or (PRECEDENCE[stack[-1]] == PRECEDENCE[tok] and tok not in RIGHT_ASSOC)
            ):
                output.append(stack.pop())
            stack.append(tok)
        elif tok == "(":
            depth += 1
            if depth > MAX_DEPTH:
                raise SyntaxError("parentheses nested too deeply")
        elif tok == ")":
            while stack and stack[-1] != "(":
                output.append(stack.pop())
            if not stack:
                raise SyntaxError("unbalanced ')'")
            stack.pop()
            depth -= 1
        else:
            output.append(tok)
    while stack:
        top = stack.pop()
        if top == "(":
            raise SyntaxError("unbalanced '('")
        output.append(top)
    return output


def evaluate(text):
    """The value of an infix expression, as a float."""
    ops = {
        "+": lambda a, b: a + b,
        "-": lambda a, b: a - b,
        "*": lambda a, b: a * b,
        "/": lambda a, b: a / b,
        "^": lambda a, b: a**b,
    }
    values = []
    for tok in to_postfix(tokenize(text)):
        if tok in ops:
            right, left = values.pop(), values.pop()
            values.append(ops[tok](left, right))
        else:
            values.append(float(tok))
    return values[0]
