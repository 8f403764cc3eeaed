"""A sleep tracker's night: one stage letter per minute, grouped into segments."""

NAMES = {"W": "awake", "L": "light", "D": "deep", "R": "rem"}


def segments(minutes):
    """Runs of the same stage as (stage, length in minutes), in order."""
    out = []
    current, length = None, 0
    for stage in minutes:
        if stage == current:
            length += 1
            continue
        if current is not None:
            out.append((current, length))
        current, length = stage, 1
    return out


def totals(minutes):
    """Minutes per stage name (stages that do not occur are left out)."""
    out = {}
    for stage, length in segments(minutes):
        out[NAMES[stage]] = out.get(NAMES[stage], 0) + length
    return out


def longest_deep(minutes):
    """The longest deep-sleep segment in minutes (0 without deep sleep)."""
    return max((length for stage, length in segments(minutes) if stage == "D"), default=0)
