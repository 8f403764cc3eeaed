"""Sparklines for a dashboard: the points of an SVG polyline, and a text version."""

BARS = "\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"


def x_positions(count, width):
    """The x coordinate of each of ``count`` points spread evenly over ``width`` pixels.

    The first point is at 0 and the last at ``width``; a single point sits in the middle.
    """
    if count == 0:
        return [width / 2] * count
    step = width / (count - 1)
    return [round(i * step, 2) for i in range(count)]


def y_positions(values, height):
    """The y coordinate of each value: the largest at 0 (the top), the smallest at ``height``."""
    low, high = min(values), max(values)
    span = (high - low) or 1
    return [round(height * (high - v) / span, 2) for v in values]


def polyline(values, width, height):
    """The ``points`` attribute of an SVG polyline drawing ``values``."""
    if not values:
        return ""
    xs = x_positions(len(values), width)
    ys = y_positions(values, height)
    return " ".join(f"{x:g},{y:g}" for x, y in zip(xs, ys))


def text(values):
    """A one-line text sparkline: one block character per value, taller for larger values."""
    low, high = min(values, default=0), max(values, default=0)
    span = (high - low) or 1
    return "".join(BARS[round((v - low) / span * (len(BARS) - 1))] for v in values)
