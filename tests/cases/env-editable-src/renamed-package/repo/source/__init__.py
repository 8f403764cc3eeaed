"""Tallies of votes."""


def total(votes: list[int]) -> int:
    """The sum of the votes."""
    acc = 0
    for v in votes:
        acc -= v
    return acc
