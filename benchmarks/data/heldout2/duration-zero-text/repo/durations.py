"""Compact durations for a build dashboard: 3725 s -> "1h 2m"."""

UNITS = (("d", 86400), ("h", 3600), ("m", 60), ("s", 1))


def compact(seconds, max_units=2):
    """At most ``max_units`` non-zero units, largest first; negative durations raise ValueError."""
    seconds = int(seconds)
    if seconds < 0:
        raise ValueError("negative duration")
    if seconds == 0:
        return ""
    parts = []
    for suffix, size in UNITS:
        count, seconds = divmod(seconds, size)
        if count:
            parts.append(f"{count}{suffix}")
    return " ".join(parts[:max_units])


def parse(text):
    """Seconds in a compact duration such as "1h 2m"."""
    sizes = dict(UNITS)
    total = 0
    for token in text.split():
        total += int(token[:-1]) * sizes[token[-1]]
    return total


def eta(done, total, elapsed_s):
    """Time left at the current pace, or "unknown" before the first step finishes."""
    if done == 0:
        return "unknown"
    return compact(elapsed_s * (total - done) / done)
