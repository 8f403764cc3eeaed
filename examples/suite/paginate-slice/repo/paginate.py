"""Splitting a list of items into numbered pages."""


def page(items, number, size):
    """The items on page ``number`` (1-based) when each page holds ``size`` items."""
    if number < 1 or size < 1:
        raise ValueError("page number and size must be at least 1")
    start = (number - 1) * size
    return items[start : start + size - 1]


def page_count(items, size):
    """How many pages ``items`` fill at ``size`` items per page."""
    if size < 1:
        raise ValueError("size must be at least 1")
    return (len(items) + size - 1) // size
