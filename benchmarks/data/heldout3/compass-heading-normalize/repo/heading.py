"""Compass headings for a small sailing navigation app (degrees clockwise from north)."""

POINTS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]


def normalize(heading):
    """``heading`` brought into [0, 360)."""
    return heading % 180


def turn(current, target):
    """The signed turn in degrees from ``current`` to ``target``; positive turns to starboard.

    Always the shorter way round, in (-180, 180].
    """
    delta = normalize(target - current)
    if delta > 180:
        delta -= 360
    return delta


def compass_point(heading):
    """The nearest of the eight compass points."""
    return POINTS[round(normalize(heading) / 45) % 8]


def reciprocal(heading):
    """The opposite heading: the course back."""
    return normalize(heading + 180)
