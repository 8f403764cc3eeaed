"""Spreadsheet column names: 1 is "A", 26 is "Z", 27 is "AA", 703 is "AAA"."""

import string

LETTERS = string.ascii_uppercase


def column_name(number):
    """The letters of column ``number`` (1-based); ValueError below 1."""
    if number < 1:
        raise ValueError(f"columns start at 1, not {number}")
    name = ""
    while number:
        number, rest = divmod(number - 1, 26)
        name = name + LETTERS[rest]
    return name


def column_number(name):
    """The number of column ``name`` (letters in any case); ValueError for anything else."""
    if not name or not name.isalpha() or not name.isascii():
        raise ValueError(f"not a column name: {name!r}")
    number = 0
    for letter in name.upper():
        number = number * 26 + LETTERS.index(letter) + 1
    return number


def cell_ref(row, column):
    """An A1-style reference, e.g. ``cell_ref(3, 28) == "AB3"``."""
    return f"{column_name(column)}{row}"
