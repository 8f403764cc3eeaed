"""An aquarium's water tests: today's values and the change since the last test."""

LIMITS = {"nitrate": 40.0, "nitrite": 0.5, "ammonia": 0.25}


def fmt(value, unit, digits=1, signed=False):
    """``value`` with ``digits`` decimals and its unit; a leading ``+`` when ``signed``."""
    text = f"{value:+.{digits}f}" if signed else f"{value:.{digits}f}"
    return f"{text} {unit}"


def reading_lines(today):
    """``"<name>: <value> ppm"`` lines, names sorted, with ``!`` after values over the limit."""
    out = []
    for name in sorted(today):
        flag = " !" if today[name] > LIMITS.get(name, float("inf")) else ""
        out.append(f"{name}: {fmt(today[name], 'ppm', digits=2)}{flag}")
    return out


def change_lines(before, today):
    """``"<name>: <change> ppm"`` lines for the values tested both times, names sorted."""
    out = []
    for name in sorted(set(before) & set(today)):
        out.append(f"{name}: {fmt(today[name] - before[name], 'ppm')}")
    return out
