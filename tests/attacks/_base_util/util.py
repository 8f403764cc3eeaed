"""Arithmetic helpers of the calculator (add has a bug)."""


def add(a, b):
    return a - b
