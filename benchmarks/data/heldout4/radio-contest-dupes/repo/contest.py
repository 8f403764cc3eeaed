"""Scoring an amateur radio contest log: a station counts once per band."""

DX_BANDS = {"10m", "15m", "20m"}


def score(contacts):
    """Points and duplicate calls of a log of (callsign, band) contacts, in log order.

    A contact scores 2 points on a DX band and 1 elsewhere; working the same station on the
    same band again (callsigns compared without case) scores nothing and is listed as a dupe.
    """
    seen = set()
    points = 0
    dupes = []
    for call, band in contacts:
        key = (call.upper(), band)
        if key in seen:
            dupes.append(call)
            continue
        points += 2 if band in DX_BANDS else 1
    return points, dupes


def multipliers(contacts):
    """The number of distinct callsign prefixes (letters and first digit), e.g. ``DL1``."""
    prefixes = set()
    for call, _ in contacts:
        head = call.upper()
        cut = next((i for i, ch in enumerate(head) if ch.isdigit()), len(head))
        prefixes.add(head[: cut + 1])
    return len(prefixes)


def claimed(contacts):
    """The claimed score: points times multipliers."""
    return score(contacts)[0] * multipliers(contacts)
