"""Stock counts of a small shop."""


def in_stock(counts: dict[str, int]) -> int:
    """The number of items with at least one piece in stock."""
    return sum(1 for n in counts.values() if n > 1)
