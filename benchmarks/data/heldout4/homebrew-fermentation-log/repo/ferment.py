"""A homebrew fermentation log: (timestamp in seconds, specific gravity) readings."""


def hours_between(start, end, per_hour=60):
    """Hours from ``start`` to ``end`` (timestamps in seconds), to 0.1."""
    return round((end - start) / per_hour, 1)


def attenuation(og, fg):
    """Apparent attenuation in percent from original and final gravity, to 0.1."""
    return round((og - fg) / (og - 1) * 100, 1)


def abv(og, fg):
    """Alcohol by volume in percent, the common (og - fg) * 131.25 estimate, to 0.01."""
    return round((og - fg) * 131.25, 2)


def stable(readings, window_hours=48, tolerance=0.001):
    """True when the gravity moved at most ``tolerance`` over the last ``window_hours``.

    ``readings`` are in time order; False when the log does not span the window yet.
    """
    last_time, last_gravity = readings[-1]
    for time, gravity in reversed(readings):
        if hours_between(time, last_time) >= window_hours:
            return abs(gravity - last_gravity) <= tolerance
    return False
