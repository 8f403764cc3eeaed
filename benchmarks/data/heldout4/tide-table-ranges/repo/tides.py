"""Tide table summaries from one day's extremes: (hour, height in metres) pairs in order."""


def ranges(extremes):
    """The height change between each pair of successive extremes, in metres (>= 0)."""
    return [round(b[1] - a[1], 2) for a, b in zip(extremes, extremes[1:])]


def biggest_range(extremes):
    """The largest of :func:`ranges` (0.0 with fewer than two extremes)."""
    found = ranges(extremes)
    return max(found) if found else 0.0


def spring_tide(extremes, threshold=4.0):
    """True when some range of the day reaches ``threshold`` metres."""
    return biggest_range(extremes) >= threshold


def next_high(extremes, hour):
    """The first high water (an extreme above both neighbours' heights) after ``hour``."""
    for i, (when, height) in enumerate(extremes):
        before = extremes[i - 1][1] if i > 0 else float("-inf")
        after = extremes[i + 1][1] if i + 1 < len(extremes) else float("-inf")
        if when > hour and height > before and height > after:
            return when
    return None
