"""Split report rows into numbered pages (page 1 is the first)."""

import math


def _chunk(rows, index, size):
    """The ``index``-th run of ``size`` rows, counting from 0."""
    return rows[index * size:(index + 1) * size]


def page_count(rows, size):
    """How many pages ``rows`` fill at ``size`` rows a page (at least 1, the empty page)."""
    if size < 1:
        raise ValueError("the page size must be at least 1")
    return max(1, math.ceil(len(rows) / size))


def page(rows, number, size):
    """The rows on page ``number`` (1-based); IndexError past the last page."""
    if not 1 <= number <= page_count(rows, size):
        raise IndexError(f"no page {number}")
    return _chunk(rows, number, size)


def footer(rows, number, size):
    """``"rows 11-20 of 45"`` for the rows shown on page ``number``, or ``"no rows"``."""
    shown = page(rows, number, size)
    if not shown:
        return "no rows"
    first = (number - 1) * size + 1
    return f"rows {first}-{first + len(shown) - 1} of {len(rows)}"
