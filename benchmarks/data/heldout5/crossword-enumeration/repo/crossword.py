"""Crossword setting: answer enumerations like (3,5) and fitting answers into the grid."""

import re


def enumeration(answer):
    """Word lengths of an answer, hyphenated parts joined by '-': 'ICE CREAM' -> '(3,5)'."""
    parts = []
    for word in answer.split():
        parts.append("-".join(str(piece) for piece in word.split("-")))
    return "(" + ",".join(parts) + ")"


def normalize(answer):
    """The answer's letters, in capitals (spaces, hyphens and apostrophes dropped)."""
    return re.sub(r"[^A-Z]", "", answer.upper())


def fits(answer, pattern):
    """True when the answer fits a grid pattern like 'C?T' ('?' is an empty cell)."""
    letters = normalize(answer)
    if len(letters) != len(pattern):
        return False
    return all(p in ("?", a) for a, p in zip(letters, pattern))


def clue_line(number, direction, clue, answer):
    """A clue as printed: '4 Down: Frozen treat (3,5)'."""
    return f"{number} {direction.title()}: {clue} {enumeration(answer)}"
