"""Spreadsheet cells whose formulas are written in postfix notation: "A1 B1 + 2 *"."""

import operator

OPS = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv}


class FormulaError(Exception):
    """A formula that cannot be evaluated."""


def evaluate(formula, cells):
    """Value of ``formula``; names refer to ``cells`` (name -> number or formula string)."""
    stack = []
    for tok in formula.split():
        if tok in OPS:
            if len(stack) < 2:
                raise FormulaError(f"{tok!r} needs two operands")
            right = stack.pop()
            left = stack.pop()
            stack.append(OPS[tok](left, right))
        elif tok in cells:
            value = cells[tok]
            if isinstance(value, str):
                value = evaluate(value, cells)
        else:
            try:
                stack.append(float(tok))
            except ValueError:
                raise FormulaError(f"unknown name {tok!r}") from None
    if len(stack) != 1:
        raise FormulaError(f"formula leaves {len(stack)} values")
    return stack[0]


def value_of(name, cells):
    value = cells[name]
    return evaluate(value, cells) if isinstance(value, str) else float(value)


def column_total(names, cells):
    return sum(value_of(name, cells) for name in names)
