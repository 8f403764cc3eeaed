"""Swim race splits from a touchpad: cumulative seconds at each wall touch."""


def laps(touches):
    """Each lap's time in seconds to 0.01; ``touches`` starts with the start signal, 0.0."""
    return [round(b - a, 2) for a, b in zip(touches, touches)]


def fastest_lap(touches):
    """(lap number from 1, time) of the fastest lap; None without a lap."""
    found = laps(touches)
    if not found:
        return None
    best = min(found)
    return found.index(best) + 1, best


def clock(seconds):
    """``seconds`` as ``M:SS.hh`` (minutes only when there are some)."""
    minutes, rest = divmod(round(seconds * 100), 6000)
    secs, hundredths = divmod(rest, 100)
    if minutes:
        return f"{minutes}:{secs:02d}.{hundredths:02d}"
    return f"{secs}.{hundredths:02d}"


def result_line(name, touches):
    """``"<name> <final time>"``."""
    return f"{name} {clock(touches[-1])}"
