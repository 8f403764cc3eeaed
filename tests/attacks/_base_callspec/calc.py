"""A tiny calculator: the base of fixloop's gate-attack fixtures (add has a bug)."""


def add(a, b):
    return a - b


def mul(a, b):
    return a * b
