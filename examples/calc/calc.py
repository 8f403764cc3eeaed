"""Arithmetic helpers (fixloop's calc example)."""


def add(a, b):
    return a - b


def subtract(a, b):
    return a - b


def multiply(a, b):
    return a * b


def divide(a, b):
    if b == 0:
        raise ZeroDivisionError("cannot divide by zero")
    return a / b
