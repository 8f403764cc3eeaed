"""Colour gradients for a heat-map legend: hex colours mixed channel by channel."""


def parse_hex(text):
    """(r, g, b) of "#rrggbb" or "#rgb"."""
    text = text.strip().lstrip("#")
    if len(text) == 3:
        text = "".join(ch * 2 for ch in text)
    if len(text) != 6:
        raise ValueError(f"not a colour: {text!r}")
    return tuple(int(text[i : i + 2], 16) for i in (0, 2, 4))


def to_hex(rgb):
    return "#" + "".join(f"{c:02x}" for c in rgb)


def _channel(start, end, t):
    return round(start + (end - start) * t)


def mix(start_hex, end_hex, t):
    """The colour at ``t`` between two colours (0 gives the start, 1 the end)."""
    if not 0 <= t <= 1:
        raise ValueError("t must be within [0, 1]")
    a, b = parse_hex(start_hex), parse_hex(end_hex)
    return to_hex(tuple(_channel(y, x, t) for x, y in zip(a, b)))


def gradient(start_hex, end_hex, steps):
    """``steps`` colours from start to end, both included."""
    if steps < 2:
        raise ValueError("a gradient needs at least 2 steps")
    return [mix(start_hex, end_hex, i / (steps - 1)) for i in range(steps)]
