"""Elevation statistics of a hiking track (altitudes in metres, one sample per point)."""


def smooth(alts, window=3):
    """Centred moving average; the ends use the samples available."""
    half = window // 2
    out = []
    for i in range(len(alts)):
        part = alts[max(0, i - half) : i + half + 1]
        out.append(sum(part) / len(part))
    return out


def gain(alts, threshold=0.0):
    """Total ascent: the rises between consecutive samples that exceed ``threshold``."""
    return sum(b - a for a, b in zip(alts, alts) if b - a > threshold)


def loss(alts, threshold=0.0):
    """Total descent, like :func:`gain`."""
    return sum(a - b for a, b in zip(alts, alts[1:]) if a - b > threshold)


def summary(alts):
    if not alts:
        return "no samples"
    return f"+{gain(alts):.0f} m / -{loss(alts):.0f} m, highest {max(alts):.0f} m"
